import { useState, type FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'

type Holiday = {
  date: string
  formatted_date: string
  name: string
  source: 'national' | 'cuti' | 'lab'
}

const SOURCE_LABELS: Record<Holiday['source'], string> = {
  national: 'libur nasional',
  cuti: 'cuti bersama (SKB)',
  lab: 'ditambahkan laboratorium',
}

/** The days the completion estimate does not count: national holidays and the lab's own. */
export default function Holidays({ year, holidays }: { year: number; holidays: Holiday[] }) {
  const form = useForm({ date: '', name: '' })
  const [removing, setRemoving] = useState<Holiday | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post('/holidays', { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <>
      <Head title="Hari Libur" />
      <PageHeader
        title="Hari Libur"
        subtitle="Hari libur nasional dan cuti bersama tidak dihitung dalam estimasi penyelesaian Alat Datang."
        actions={
          <div className="flex items-center gap-2">
            <Link
              href={`/holidays?year=${year - 1}`}
              className={buttonClass('secondary')}
              aria-label="Tahun sebelumnya"
            >
              <ChevronLeft className="size-4" />
            </Link>
            <span className="min-w-14 text-center font-semibold">{year}</span>
            <Link
              href={`/holidays?year=${year + 1}`}
              className={buttonClass('secondary')}
              aria-label="Tahun berikutnya"
            >
              <ChevronRight className="size-4" />
            </Link>
          </div>
        }
      />
      <Card className="mb-4 p-4">
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        >
          <TextField label="Tanggal" type="date" required {...bind(form, 'date')} />
          <TextField
            label="Keterangan"
            required
            placeholder="mis. Cuti bersama Idul Fitri"
            {...bind(form, 'name')}
          />
          <Button type="submit" disabled={form.processing}>
            Tambah
          </Button>
        </form>
      </Card>
      <Card>
        {holidays.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">Data Masih Kosong</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {holidays.map((holiday) => (
              <li key={holiday.date} className="flex items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="font-medium">{holiday.formatted_date}</p>
                  <p className="text-sm text-slate-500">
                    {holiday.name} · {SOURCE_LABELS[holiday.source]}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  aria-label={`Hapus ${holiday.formatted_date}`}
                  onClick={() => setRemoving(holiday)}
                >
                  <Trash2 className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={removing !== null}
        message={`Hapus ${removing?.formatted_date} (${removing?.name}) dari hari libur? Hari itu akan dihitung sebagai hari kerja.`}
        confirmLabel="Ya, hapus"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) router.delete(`/holidays/${removing.date}`, { preserveScroll: true })
          setRemoving(null)
        }}
      />
    </>
  )
}
