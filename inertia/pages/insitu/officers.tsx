import { useState, type FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { Plus, Trash2 } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { CheckboxField, SelectField, TextField } from '~/components/ui/field'
import { SubmitButton } from '~/components/form/submit_button'
import { Tabs } from '~/components/ui/tabs'
import { Info } from '~/components/orders/order_page'
import type { Data } from '#generated/data'

type Lab = Data.InsituTeam
type DateRow = { start_date: string; end_date: string }

/** Spec part 2 section 5: the officer selection's alerts. */
const ALERTS = {
  leader: 'Harap pilih Ketua Tim terlebih dahulu',
  member: 'Harap pilih minimal satu Anggota Tim',
  dates: 'Harap isi tanggal kegiatan',
  leaderIsMember:
    'Petugas ini sudah terpilih sebagai anggota tim. Harap hapus dari anggota tim terlebih dahulu.',
  memberIsLeader:
    'Petugas ini sudah terpilih sebagai Ketua Tim. Harap pilih Ketua Tim lain terlebih dahulu.',
}

/** Inclusive days between two ISO dates (both counted), or null while one is missing. */
function daysBetween(row: DateRow) {
  if (!row.start_date || !row.end_date) return null
  const ms = Date.parse(row.end_date) - Date.parse(row.start_date)
  return Math.round(ms / 86_400_000) + 1
}

/** A group's error (members, dates), read out when it appears. */
function Alert({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p className="mt-1 text-sm text-red-600" role="alert">
      {message}
    </p>
  )
}

function TeamForm({ lab, submitHref }: { lab: Lab; submitHref: string }) {
  const form = useForm({
    lab: lab.lab,
    leader: lab.team.leader ? String(lab.team.leader.id) : '',
    member: lab.team.members.map((member) => member.id),
    dates: (lab.team.dates.length
      ? lab.team.dates.map(({ start_date, end_date }) => ({ start_date, end_date }))
      : [{ start_date: '', end_date: '' }]) as DateRow[],
  })
  const [alert, setAlert] = useState<{ field: string; message: string } | null>(null)
  const errors = form.errors as Record<string, string | undefined>
  const errorOf = (field: string) =>
    (alert?.field === field ? alert.message : undefined) ?? errors[field]

  const chooseLeader = (value: string) => {
    if (value && form.data.member.includes(Number(value))) {
      setAlert({ field: 'leader', message: ALERTS.leaderIsMember })
      return
    }
    setAlert(null)
    form.setData('leader', value)
  }
  const toggleMember = (id: number, checked: boolean) => {
    if (checked && String(id) === form.data.leader) {
      setAlert({ field: 'member', message: ALERTS.memberIsLeader })
      return
    }
    setAlert(null)
    form.setData(
      'member',
      checked ? [...form.data.member, id] : form.data.member.filter((m) => m !== id)
    )
  }
  const setDate = (index: number, key: keyof DateRow, value: string) => {
    const rows = form.data.dates.map((row, i) => (i === index ? { ...row, [key]: value } : row))
    const row = rows[index]
    // An end before its start is cleared (spec).
    if (row.start_date && row.end_date && row.end_date < row.start_date) row.end_date = ''
    form.setData('dates', rows)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const dates = form.data.dates.filter((row) => row.start_date && row.end_date)
    if (!form.data.leader) return setAlert({ field: 'leader', message: ALERTS.leader })
    if (!form.data.member.length) return setAlert({ field: 'member', message: ALERTS.member })
    if (!dates.length) return setAlert({ field: 'dates', message: ALERTS.dates })
    setAlert(null)
    form.transform((data) => ({ ...data, leader: Number(data.leader), dates }))
    form.put(submitHref, { preserveScroll: true })
  }

  return (
    <form onSubmit={submit} className="grid gap-4 p-4 md:grid-cols-2" noValidate>
      <SelectField
        label="Ketua Tim"
        required
        name="leader"
        placeholder="Pilih ketua tim"
        options={lab.candidates.map((user) => ({ value: user.id, label: user.name }))}
        value={form.data.leader}
        onChange={(event) => chooseLeader(event.target.value)}
        error={errorOf('leader')}
      />
      <fieldset className="md:col-span-2">
        <legend className="mb-2 text-sm font-medium">
          Anggota Tim <span className="text-red-600">*</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {lab.candidates.map((user) => (
            <CheckboxField
              key={user.id}
              name={`member-${user.id}`}
              label={user.name}
              checked={form.data.member.includes(user.id)}
              onChange={(checked) => toggleMember(user.id, checked)}
            />
          ))}
        </div>
        <Alert message={errorOf('member')} />
      </fieldset>
      <fieldset className="space-y-3 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">
          Tanggal Kegiatan <span className="text-red-600">*</span>
        </legend>
        {form.data.dates.map((row, index) => (
          <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto_auto]">
            <TextField
              label="Tanggal Mulai"
              type="date"
              name={`dates.${index}.start_date`}
              value={row.start_date}
              onChange={(event) => setDate(index, 'start_date', event.target.value)}
              error={errors[`dates.${index}.start_date`]}
            />
            <TextField
              label="Tanggal Selesai"
              type="date"
              name={`dates.${index}.end_date`}
              min={row.start_date || undefined}
              value={row.end_date}
              onChange={(event) => setDate(index, 'end_date', event.target.value)}
              error={errors[`dates.${index}.end_date`]}
            />
            <p className="pb-2 text-sm" data-testid={`days-${lab.lab}-${index}`}>
              {daysBetween(row) ?? '-'} hari
            </p>
            <Button
              type="button"
              variant="secondary"
              aria-label="Hapus tanggal"
              disabled={form.data.dates.length === 1}
              onClick={() =>
                form.setData(
                  'dates',
                  form.data.dates.filter((_, i) => i !== index)
                )
              }
            >
              <Trash2 className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            form.setData('dates', [...form.data.dates, { start_date: '', end_date: '' }])
          }
        >
          <Plus className="size-4" /> Tambah Tanggal
        </Button>
        <Alert message={errorOf('dates')} />
      </fieldset>
      <div className="md:col-span-2">
        <SubmitButton
          processing={form.processing}
          recentlySuccessful={form.recentlySuccessful}
          label={`Simpan Tim ${lab.label}`}
        />
      </div>
    </form>
  )
}

/** A lab's team as it stands, for those who read it. */
function TeamSummary({ lab }: { lab: Lab }) {
  const { team } = lab
  return (
    <dl className="grid gap-4 p-4 sm:grid-cols-3">
      <Info label="Ketua Tim">{team.leader?.name ?? 'Belum dipilih'}</Info>
      <Info label="Anggota Tim">{team.members.map((member) => member.name).join(', ') || '-'}</Info>
      <Info label="Tanggal Kegiatan">
        {team.dates.map((row) => `${row.formatted} (${row.days} hari)`).join('; ') || '-'}
      </Info>
    </dl>
  )
}

/** Officer selection of an on-site order: one tab per requested lab, each set by its head. */
export default function InsituOfficers({
  order,
  backHref,
  submitHref,
  labs,
}: {
  order: { number: string }
  backHref: string
  submitHref: string
  labs: Lab[]
}) {
  return (
    <>
      <Head title={`Pilih Petugas ${order.number}`} />
      <PageHeader title="Pilih Petugas" subtitle={order.number} backHref={backHref} />
      <Card>
        <Tabs
          tabs={labs.map((lab) => ({
            key: lab.lab,
            label: lab.label,
            content: lab.editable ? (
              <TeamForm lab={lab} submitHref={submitHref} />
            ) : (
              <>
                <TeamSummary lab={lab} />
                <p className="px-4 pb-4 text-sm text-slate-500">
                  Tim {lab.label} dipilih oleh kepala laboratoriumnya.
                </p>
              </>
            ),
          }))}
        />
      </Card>
    </>
  )
}
