import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import toast from 'react-hot-toast'
import { Trash2 } from 'lucide-react'
import { FormPage } from '~/components/form/form_page'
import { CheckboxField, SelectField, TextAreaField, TextField } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { SerialScanner } from '~/components/lending/serial_scanner'
import { OrderPicker, type LinkedOrder } from '~/components/lending/order_picker'
import { requestJson } from '~/lib/json_request'
import { bind } from '~/lib/bind'
import type { OrderType } from '#workflows/order_types'
import type { Data } from '#generated/data'

type Condition = 'Good' | 'Bad'

/** What the form keeps of a calibrator (the serial lookup answers the whole lendable one). */
type Calibrator = Pick<
  Data.LendableCalibrator,
  'id' | 'name' | 'merk' | 'type_model' | 'serial_number' | 'unit' | 'lab'
>
type Lab = NonNullable<Calibrator['lab']>

type Line = Calibrator & {
  condition: Condition
  bag: boolean
  charger: boolean
  probe: boolean
  sensor: boolean
  note: string
}

type LoanForm = {
  calibrators: Line[]
  notes: string
  loan_description: string
  planned_return_date: string
  /** The linked orders of each picker, by its field (`internal_orders`). */
  orders: Record<string, LinkedOrder[]>
  pk_officer: string
  ukpr_officer: string
  sarpras_officer: string
}

type EditedLoan = {
  id: number
  number: string
  notes: string | null
  loan_description: string | null
  planned_return_date: string | null
  linked_orders: { field: string; orders: LinkedOrder[] }[]
  labs: { lab: Lab; officer_id: number | null }[]
  lines: (Calibrator & {
    calibrator_id: number
    is_started_good: boolean
    accessories: string[]
    description: string | null
  })[]
}

type Props = {
  loan: EditedLoan | null
  submitHref: string
  options: {
    labs: { lab: Lab; label: string; heads: { id: number; name: string }[] }[]
    conditions: { value: Condition; label: string }[]
    orderFields: { type: OrderType; field: string; label: string }[]
    today: string
  }
}

const ACCESSORIES = [
  ['bag', 'Tas', 'Tas'],
  ['charger', 'Charger/Kabel Daya', 'Charger/Kabel Daya'],
  ['probe', 'Probe/Selang/Filter', 'Probe/Selang/Filter'],
  ['sensor', 'Sensor', 'Sensor'],
] as const

function initialLines(loan: EditedLoan | null): Line[] {
  return (loan?.lines ?? []).map((line) => ({
    id: line.calibrator_id,
    name: line.name,
    merk: line.merk,
    type_model: line.type_model,
    serial_number: line.serial_number,
    unit: line.unit,
    lab: line.lab,
    condition: line.is_started_good ? 'Good' : 'Bad',
    bag: line.accessories.includes('Tas'),
    charger: line.accessories.includes('Charger/Kabel Daya'),
    probe: line.accessories.includes('Probe/Selang/Filter'),
    sensor: line.accessories.includes('Sensor'),
    note: line.description ?? '',
  }))
}

/** Spec part 1: the loan form, calibrators added by serial number (scanned or typed). */
export default function LoanFormPage({ loan, submitHref, options }: Props) {
  const officerOf = (lab: Lab) =>
    String(loan?.labs.find((entry) => entry.lab === lab)?.officer_id ?? '')
  const form = useForm<LoanForm>({
    calibrators: initialLines(loan),
    notes: loan?.notes ?? '',
    loan_description: loan?.loan_description ?? '',
    planned_return_date: loan?.planned_return_date ?? '',
    orders: Object.fromEntries(
      options.orderFields.map(({ field }) => [
        field,
        loan?.linked_orders.find((group) => group.field === field)?.orders ?? [],
      ])
    ),
    pk_officer: officerOf('pk'),
    ukpr_officer: officerOf('ukpr'),
    sarpras_officer: officerOf('sarpras'),
  })
  const [looking, setLooking] = useState(false)
  const errors = form.errors as Record<string, string | undefined>
  const lines = form.data.calibrators
  // Spec: a lab's approver is chosen only when a calibrator of that lab's unit is on the loan.
  const labsNeeded = options.labs.filter(({ lab }) => lines.some((line) => line.lab === lab))
  /** A lab with one head only: that head is its approver, chosen already (issue 35, item 12). */
  const soleHead = (lab: Lab | null) => {
    const heads = options.labs.find((entry) => entry.lab === lab)?.heads ?? []
    const key = `${lab}_officer` as const
    return lab && heads.length === 1 && !form.data[key as keyof LoanForm]
      ? { [key]: String(heads[0].id) }
      : {}
  }

  const addSerial = async (serial: string) => {
    const known = lines.find((line) => line.serial_number.toLowerCase() === serial.toLowerCase())
    if (known) {
      toast.error(`Kalibrator ${known.name} Sudah Ditambahkan`)
      return
    }
    setLooking(true)
    const query = loan ? `?loan=${loan.id}` : ''
    const answer = await requestJson<{ data: Calibrator }>(
      `/api/calibrator/data/search/${encodeURIComponent(serial)}${query}`
    )
    setLooking(false)
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    const found = answer.body.data
    form.setData((data) => ({
      ...data,
      ...soleHead(found.lab),
      calibrators: [
        ...data.calibrators,
        {
          ...found,
          condition: 'Good',
          bag: false,
          charger: false,
          probe: false,
          sensor: false,
          note: '',
        },
      ],
    }))
    toast.success(`${found.name} ditambahkan.`)
  }

  const setLine = (index: number, change: Partial<Line>) =>
    form.setData(
      'calibrators',
      lines.map((line, at) => (at === index ? { ...line, ...change } : line))
    )

  const submit = () => {
    form.transform((data) => ({
      calibrators: data.calibrators.map(({ id, condition, bag, charger, probe, sensor, note }) => ({
        id,
        condition,
        bag,
        charger,
        probe,
        sensor,
        note,
      })),
      notes: data.notes,
      loan_description: data.loan_description,
      planned_return_date: data.planned_return_date,
      ...Object.fromEntries(
        options.orderFields.map(({ field }) => [field, data.orders[field].map((order) => order.id)])
      ),
      ...Object.fromEntries(
        labsNeeded.map(({ lab }) => [`${lab}_officer`, data[`${lab}_officer`] || undefined])
      ),
    }))
    if (loan) form.put(submitHref)
    else form.post(submitHref)
  }

  return (
    <FormPage
      title={loan ? `Ubah Peminjaman ${loan.number}` : 'Tambah Peminjaman Kalibrator'}
      backHref={loan ? `/calibrator/loan/${loan.id}/detail` : '/calibrator/loan'}
      onSubmit={submit}
      form={form}
    >
      <div className="space-y-3 md:col-span-2">
        <h2 className="text-sm font-semibold">Kalibrator</h2>
        <SerialScanner label="Nomor Seri Kalibrator" onSerial={addSerial} busy={looking} />
        {errors.calibrators && <p className="text-sm text-red-600">{errors.calibrators}</p>}
        {lines.length === 0 && (
          <p className="text-sm text-slate-500">
            Belum ada kalibrator. Pindai atau ketik nomor serinya.
          </p>
        )}
        <ol className="space-y-3" data-testid="loan-lines">
          {lines.map((line, index) => (
            <li
              key={line.id}
              className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
              data-testid="loan-line"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">{line.name}</p>
                  <p className="text-sm text-slate-500">
                    {[line.merk, line.type_model].filter(Boolean).join(' · ')} · SN{' '}
                    <span className="font-mono">{line.serial_number}</span> · Unit {line.unit}
                  </p>
                  {errors[`calibrators.${index}.id`] && (
                    <p className="text-sm text-red-600">{errors[`calibrators.${index}.id`]}</p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={`Hapus ${line.name}`}
                  onClick={() =>
                    form.setData(
                      'calibrators',
                      lines.filter((_, at) => at !== index)
                    )
                  }
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <SelectField
                  label="Kondisi"
                  value={line.condition}
                  options={options.conditions}
                  onChange={(event) =>
                    setLine(index, { condition: event.target.value as Condition })
                  }
                />
                <TextField
                  label="Catatan Kalibrator"
                  value={line.note}
                  onChange={(event) => setLine(index, { note: event.target.value })}
                />
                <div className="flex flex-wrap gap-x-4 gap-y-1 sm:col-span-2">
                  {ACCESSORIES.map(([key, label]) => (
                    <CheckboxField
                      key={key}
                      label={label}
                      checked={line[key]}
                      onChange={(checked) => setLine(index, { [key]: checked })}
                    />
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
      {labsNeeded.map(({ lab, label, heads }) => (
        <SelectField
          key={lab}
          label={`Kepala Laboratorium ${label}`}
          required
          placeholder="Pilih yang menyetujui"
          options={heads.map((head) => ({ value: String(head.id), label: head.name }))}
          {...bind(form, `${lab}_officer`)}
        />
      ))}
      <TextField
        label="Rencana Tanggal Kembali"
        type="date"
        required
        min={options.today}
        {...bind(form, 'planned_return_date')}
      />
      <div className="md:col-span-2">
        <TextAreaField
          label="Keperluan Peminjaman"
          required
          rows={3}
          maxLength={1000}
          {...bind(form, 'loan_description')}
        />
      </div>
      <div className="md:col-span-2">
        <TextAreaField label="Catatan" rows={2} maxLength={1000} {...bind(form, 'notes')} />
      </div>
      {options.orderFields.map(({ type, field, label }) => (
        <OrderPicker
          key={field}
          label={label}
          type={type}
          value={form.data.orders[field]}
          onChange={(orders) => form.setData('orders', { ...form.data.orders, [field]: orders })}
          error={errors[field]}
        />
      ))}
    </FormPage>
  )
}
