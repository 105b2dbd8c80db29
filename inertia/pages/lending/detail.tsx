import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import toast from 'react-hot-toast'
import { FileText } from 'lucide-react'
import { Card, CardSection, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { Notice } from '~/components/ui/notice'
import { StatusBadge } from '~/components/status_badge'
import { ActionButtons } from '~/components/orders/action_buttons'
import { OrderTimeline } from '~/components/orders/order_page'
import { SerialScanner } from '~/components/lending/serial_scanner'
import { LoanSummary, type LoanSummaryData } from '~/components/lending/loan_summary'
import { requestJson } from '~/lib/json_request'
import { cn } from '~/lib/cn'
import type { PageAction } from '~/types'
import type { Data } from '#generated/data'

type Condition = 'Good' | 'Bad'
type TimelineEntry = Data.AuditEntry

type Line = LoanSummaryData['lines'][number] & {
  calibrator_id: number
  merk: string | null
  type_model: string | null
  is_started_good: boolean
  returned_condition: string | null
  accessories: string[]
  description: string | null
  return_date: string | null
  formatted_return_date: string | null
  overdue: boolean
}

type Props = {
  loan: Omit<LoanSummaryData, 'lines'> & {
    id: number
    number: string
    status: string
    formatted_status: string
    status_tone: string
    returned: boolean
    overdue_count: number
    labs: {
      lab: string
      label: string
      officer: { name: string } | null
      status: string
      formatted_status: string
      status_tone: string
      reason: string | null
    }[]
    lines: Line[]
  }
  timeline: TimelineEntry[]
  actions: PageAction[]
  mayReturn: boolean
  conditions: { value: Condition; label: string }[]
  slips: { slip: string; label: string; href: string }[]
}

/** Spec part 1: a loan's detail, each lab's decision, its calibrators and the return panel. */
export default function LoanDetail({
  loan,
  timeline,
  actions,
  mayReturn,
  conditions,
  slips,
}: Props) {
  const [mode, setMode] = useState<'piece' | 'batch'>('piece')
  const [asking, setAsking] = useState(false)
  const open = loan.lines.filter((line) => !line.return_date)
  // Spec: the condition is text while Pending, a selector once decided (what it came back in).
  const [returned, setReturned] = useState<Record<number, Condition>>(() =>
    Object.fromEntries(
      open.map((line) => [line.calibrator_id, line.is_started_good ? 'Good' : 'Bad'])
    )
  )
  const conditionLabel = (value: Condition) =>
    conditions.find((option) => option.value === value)?.label ?? value

  const returnSerial = async (serial: string) => {
    const line = open.find((row) => row.serial_number.toLowerCase() === serial.toLowerCase())
    const answer = await requestJson<{ message: string }>(
      `/api/calibrator/loan/${loan.id}/return`,
      {
        method: 'POST',
        body: {
          serial_number: serial,
          ...(line ? { condition: returned[line.calibrator_id] } : {}),
        },
      }
    )
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    toast.success(answer.body.message)
    router.reload({ only: ['loan', 'actions', 'mayReturn'] })
  }

  const returnAll = () => {
    setAsking(false)
    router.post(`/calibrator/loan/${loan.id}/return/batch`, { conditions: returned })
  }

  return (
    <>
      <Head title={`Peminjaman ${loan.number}`} />
      <PageHeader
        title={`Peminjaman ${loan.number}`}
        subtitle={<StatusBadge status={loan.formatted_status} tone={loan.status_tone} />}
        backHref="/calibrator/loan"
        actions={
          <>
            <ActionButtons actions={actions} />
            {slips.map((slip) => (
              <a
                key={slip.slip}
                href={slip.href}
                target="_blank"
                rel="noreferrer"
                className={buttonClass('secondary')}
              >
                <FileText className="size-4" /> {slip.label}
              </a>
            ))}
          </>
        }
      />
      <div className="grid max-w-5xl gap-4">
        {loan.overdue_count > 0 && (
          <Notice alert>
            {loan.overdue_count} kalibrator belum dikembalikan melewati rencana tanggal kembali (
            {loan.formatted_planned_return_date}).
          </Notice>
        )}
        {loan.returned && <Notice>Semua kalibrator peminjaman ini sudah dikembalikan.</Notice>}
        <Card className="p-4">
          <LoanSummary loan={loan} lines={false} />
        </Card>
        <Card className="p-4">
          <CardSection title="Persetujuan laboratorium">
            <ul className="space-y-1 text-sm">
              {loan.labs.map((lab) => (
                <li key={lab.lab} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{lab.label}</span>
                  <span>{lab.officer?.name ?? '-'}</span>
                  <StatusBadge status={lab.formatted_status} tone={lab.status_tone} />
                  {lab.reason && <span className="text-red-700">Alasan: {lab.reason}</span>}
                </li>
              ))}
            </ul>
          </CardSection>
        </Card>
        <Card className="p-4">
          <CardSection title="Kalibrator yang dipinjam">
            <ul
              className="divide-y divide-slate-100 dark:divide-slate-800"
              data-testid="loan-lines"
            >
              {loan.lines.map((line) => (
                <li
                  key={line.id}
                  className={cn(
                    'grid gap-2 py-2 text-sm sm:grid-cols-[2fr_1fr_1fr]',
                    line.overdue && 'bg-red-50 dark:bg-red-950/30'
                  )}
                  data-testid="loan-line"
                >
                  <div>
                    <p className="font-medium">{line.name}</p>
                    <p className="text-slate-500">
                      {[line.merk, line.type_model].filter(Boolean).join(' · ')} · SN{' '}
                      <span className="font-mono">{line.serial_number}</span> · {line.unit}
                    </p>
                    <p className="text-slate-500">
                      {line.accessories.join(', ') || 'Tanpa kelengkapan'}
                      {line.description && ` · ${line.description}`}
                    </p>
                  </div>
                  <div>
                    <span className="text-slate-500">Kondisi: </span>
                    {loan.status === 'Pending' || line.return_date || !mayReturn ? (
                      <span>{line.returned_condition ?? line.condition}</span>
                    ) : (
                      <select
                        aria-label={`Kondisi kembali ${line.serial_number}`}
                        value={returned[line.calibrator_id]}
                        onChange={(event) =>
                          setReturned({
                            ...returned,
                            [line.calibrator_id]: event.target.value as Condition,
                          })
                        }
                        className="rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
                      >
                        {conditions.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </div>
                  <div data-testid="return-date">
                    {line.formatted_return_date ? (
                      <span>Kembali {line.formatted_return_date}</span>
                    ) : line.overdue ? (
                      <StatusBadge status="Terlambat dikembalikan" tone="red" />
                    ) : (
                      <span className="text-slate-500">Belum dikembalikan</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </CardSection>
        </Card>
        {mayReturn && open.length > 0 && (
          <Card className="p-4">
            <CardSection title="Pengembalian">
              <div role="tablist" className="mb-3 flex gap-2">
                {(
                  [
                    ['piece', 'Satuan'],
                    ['batch', 'Keseluruhan'],
                  ] as const
                ).map(([key, label]) => (
                  <Button
                    key={key}
                    role="tab"
                    aria-selected={mode === key}
                    variant={mode === key ? 'primary' : 'secondary'}
                    onClick={() => setMode(key)}
                  >
                    {label}
                  </Button>
                ))}
              </div>
              {mode === 'piece' ? (
                <SerialScanner label="Nomor Seri yang dikembalikan" onSerial={returnSerial} />
              ) : (
                <div className="space-y-2 text-sm">
                  <p>
                    {open.length} kalibrator belum dikembalikan:{' '}
                    {open
                      .map(
                        (line) => `${line.name} (${conditionLabel(returned[line.calibrator_id])})`
                      )
                      .join(', ')}
                    .
                  </p>
                  <Button variant="primary" onClick={() => setAsking(true)}>
                    Kembalikan Semua
                  </Button>
                </div>
              )}
            </CardSection>
          </Card>
        )}
        <OrderTimeline entries={timeline} />
      </div>
      <ConfirmDialog
        open={asking}
        message={`Kembalikan semua ${open.length} kalibrator peminjaman ${loan.number} sekarang?`}
        confirmLabel="Ya, kembalikan semua"
        onConfirm={returnAll}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}
