import { useRef, useState, type FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { SelectField, TextField } from '~/components/ui/field'
import { Notice } from '~/components/ui/notice'
import { SimpleTable } from '~/components/ui/simple_table'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { SubmitButton } from '~/components/form/submit_button'
import { UnsavedGuard } from '~/components/form/unsaved_guard'
import { LABELS } from '~/lib/labels'
import type { Data } from '#generated/data'
import { TEST_POINT_FIELD_LABELS } from '#shared/test_point_labels'

type Stored = Data.AlkesTestPoint

/** What the test points page receives. */
type TestPointsPage = {
  title: string
  alkes: Data.Alkes.Variants['forTestPoints']
  points: Stored[]
  backHref: string
  /** Null when this user may only read the points. */
  submitHref: string | null
  /** Why the page is read-only, or null. */
  readOnlyNote: string | null
  maxPoints: number
  maxRepeats: number
  toleranceTypes: { value: Stored['tolerance_type']; label: string }[]
}

/** A row as typed: numbers stay text until sent (a decimal comma is allowed). */
type Row = {
  key: number
  parameter: string
  unit: string
  nominal: string
  tolerance: string
  tolerance_type: Stored['tolerance_type']
  repeats: string
  resolution: string
}

type NumberKey = 'nominal' | 'tolerance' | 'repeats' | 'resolution'

const LABEL = TEST_POINT_FIELD_LABELS

const toRow = (point: Stored, key: number): Row => ({
  key,
  parameter: point.parameter,
  unit: point.unit,
  nominal: String(point.nominal),
  tolerance: String(point.tolerance),
  tolerance_type: point.tolerance_type,
  repeats: String(point.repeats),
  resolution: String(point.resolution),
})

/** "1,5" is sent as "1.5"; the server reads the rest. */
const decimal = (text: string) => text.trim().replace(',', '.')

const tolerance = (point: Stored) =>
  point.tolerance_type === 'pct' ? `± ${point.tolerance} %` : `± ${point.tolerance} ${point.unit}`

/** A device type's test points (issue 15): its lab's head and admin edit them, others read. */
export default function AlkesTestPoints(page: TestPointsPage) {
  const { alkes, points, submitHref, readOnlyNote, maxPoints, maxRepeats, toleranceTypes } = page
  const nextKey = useRef(points.length)
  const form = useForm<{ points: Row[] }>({ points: points.map(toRow) })
  const [removing, setRemoving] = useState<number | null>(null)
  const rows = form.data.points
  const errors = form.errors as Record<string, string | undefined>

  const setRow = (index: number, change: Partial<Row>) =>
    form.setData(
      'points',
      rows.map((row, at) => (at === index ? { ...row, ...change } : row))
    )

  // A new point starts as a copy of the last one without its nominal: points of one parameter
  // usually share its unit, tolerance, repeats and resolution.
  const add = () => {
    const last = rows[rows.length - 1]
    const row: Row = last
      ? { ...last, key: nextKey.current++, nominal: '' }
      : {
          key: nextKey.current++,
          parameter: '',
          unit: '',
          nominal: '',
          tolerance: '',
          tolerance_type: 'abs',
          repeats: '3',
          resolution: '',
        }
    form.setData('points', [...rows, row])
  }

  const move = (index: number, by: -1 | 1) => {
    const target = index + by
    if (target < 0 || target >= rows.length) return
    const next = [...rows]
    ;[next[index], next[target]] = [next[target], next[index]]
    form.setData('points', next)
  }

  const remove = (index: number) => {
    form.setData(
      'points',
      rows.filter((_, at) => at !== index)
    )
    setRemoving(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!submitHref) return
    form.transform((data) => ({
      points: data.points.map(({ key: _key, ...row }) => ({
        ...row,
        nominal: decimal(row.nominal),
        tolerance: decimal(row.tolerance),
        repeats: decimal(row.repeats),
        resolution: decimal(row.resolution),
      })),
    }))
    form.put(submitHref, { preserveScroll: true })
  }

  const numberField = (index: number, name: NumberKey) => (
    <TextField
      label={LABEL[name]}
      required
      inputMode={name === 'repeats' ? 'numeric' : 'decimal'}
      name={`points.${index}.${name}`}
      value={rows[index][name]}
      onChange={(event) => setRow(index, { [name]: event.target.value })}
      error={errors[`points.${index}.${name}`]}
    />
  )

  const subtitle = `${alkes.alkes_code} · Laboratorium ${alkes.laboratory_label}`

  if (!submitHref) {
    return (
      <>
        <Head title={page.title} />
        <PageHeader title={page.title} subtitle={subtitle} backHref={page.backHref} />
        <Card className="space-y-3 p-4">
          {readOnlyNote && <Notice>{readOnlyNote}</Notice>}
          <SimpleTable
            rows={points}
            rowKey={(_, index) => index}
            empty="Belum ada titik uji."
            columns={[
              { header: 'No', cell: (_, index) => index + 1 },
              { header: LABEL.parameter, cell: (point) => point.parameter },
              { header: LABEL.nominal, cell: (point) => `${point.nominal} ${point.unit}` },
              { header: 'Toleransi', cell: tolerance, className: 'whitespace-nowrap' },
              { header: LABEL.repeats, cell: (point) => `${point.repeats}×` },
              { header: LABEL.resolution, cell: (point) => `${point.resolution} ${point.unit}` },
            ]}
          />
        </Card>
      </>
    )
  }

  return (
    <>
      <Head title={page.title} />
      <UnsavedGuard dirty={form.isDirty && !form.wasSuccessful && !form.processing} />
      <PageHeader title={page.title} subtitle={subtitle} backHref={page.backHref} />
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Titik yang diukur pada lembar kerja setiap alat {alkes.name}, berurutan. Toleransi dalam
            satuan atau persen dari nilai nominal; pengulangan 1 sampai {maxRepeats} pembacaan;
            resolusi adalah langkah terkecil tampilan alat. Lembar kerja yang sudah diisi tidak
            berubah bila titik uji diubah.
          </p>
          {errors.points && <Notice alert>{errors.points}</Notice>}
          {rows.length === 0 && (
            <p className="text-sm text-slate-500">Belum ada titik uji. Tambahkan titik pertama.</p>
          )}
          <ol className="space-y-3" data-testid="test-points">
            {rows.map((row, index) => (
              <li
                key={row.key}
                className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
                data-testid="test-point"
              >
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold">Titik {index + 1}</h2>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      aria-label={`Naikkan titik ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Turunkan titik ${index + 1}`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Hapus titik ${index + 1}`}
                      onClick={() => setRemoving(index)}
                    >
                      <Trash2 className="size-4 text-red-600" />
                    </Button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[minmax(10rem,2fr)_repeat(6,minmax(0,1fr))] xl:items-end">
                  <TextField
                    label={LABEL.parameter}
                    required
                    maxLength={100}
                    name={`points.${index}.parameter`}
                    value={row.parameter}
                    onChange={(event) => setRow(index, { parameter: event.target.value })}
                    error={errors[`points.${index}.parameter`]}
                  />
                  <TextField
                    label={LABEL.unit}
                    required
                    maxLength={30}
                    name={`points.${index}.unit`}
                    value={row.unit}
                    onChange={(event) => setRow(index, { unit: event.target.value })}
                    error={errors[`points.${index}.unit`]}
                  />
                  {numberField(index, 'nominal')}
                  {numberField(index, 'tolerance')}
                  <SelectField
                    label={LABEL.tolerance_type}
                    required
                    name={`points.${index}.tolerance_type`}
                    options={toleranceTypes}
                    value={row.tolerance_type}
                    onChange={(event) =>
                      setRow(index, { tolerance_type: event.target.value as Row['tolerance_type'] })
                    }
                    error={errors[`points.${index}.tolerance_type`]}
                  />
                  {numberField(index, 'repeats')}
                  {numberField(index, 'resolution')}
                </div>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={add} disabled={rows.length >= maxPoints}>
              <Plus className="size-4" /> Tambah Titik Uji
            </Button>
            <span className="text-xs text-slate-500">
              {rows.length} dari maksimal {maxPoints} titik
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <SubmitButton
              processing={form.processing}
              recentlySuccessful={form.recentlySuccessful}
            />
            <Link href={page.backHref} className={buttonClass('ghost')}>
              {LABELS.cancel}
            </Link>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        message={
          removing !== null
            ? `Hapus titik ${removing + 1} (${rows[removing]?.parameter || 'tanpa nama'} ${rows[removing]?.nominal ?? ''} ${rows[removing]?.unit ?? ''})? Titik uji baru terhapus setelah disimpan.`
            : ''
        }
        confirmLabel="Ya, hapus"
        onConfirm={() => removing !== null && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  )
}
