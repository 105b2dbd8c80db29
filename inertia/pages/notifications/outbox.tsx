import { Head, Link, router } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { SimpleTable } from '~/components/ui/simple_table'
import { cn } from '~/lib/cn'

type Status = 'failed' | 'pending' | 'sent'

type Props = {
  status: Status
  counts: Partial<Record<Status | 'sending', number>>
  messages: {
    id: number
    channel: string
    address: string
    subject: string
    attempts: number
    last_error: string | null
    formatted_created_at: string
    formatted_next_attempt_at: string
    formatted_sent_at: string | null
    may_resend: boolean
  }[]
}

const TABS: { status: Status; label: string }[] = [
  { status: 'failed', label: 'Gagal' },
  { status: 'pending', label: 'Menunggu dikirim' },
  { status: 'sent', label: 'Terkirim' },
]

/** Telegram and e-mail messages by delivery state: what failed, why, and send it again. */
export default function Outbox({ status, counts, messages }: Props) {
  return (
    <>
      <Head title="Pengiriman Pemberitahuan" />
      <PageHeader
        title="Pengiriman Pemberitahuan"
        subtitle="Pesan Telegram dan e-mail; yang gagal dicoba ulang otomatis sampai 7 kali."
      />
      <div className="mb-3 flex flex-wrap gap-2" role="tablist">
        {TABS.map((tab) => (
          <Link
            key={tab.status}
            href={`/notifications/outbox?status=${tab.status}`}
            role="tab"
            aria-selected={tab.status === status}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              tab.status === status
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200'
            )}
          >
            {tab.label} ({counts[tab.status] ?? 0})
          </Link>
        ))}
      </div>
      <Card>
        <SimpleTable
          rows={messages}
          columns={[
            {
              header: 'Dibuat',
              cell: (row) => row.formatted_created_at,
              className: 'whitespace-nowrap',
            },
            { header: 'Kanal', cell: (row) => `${row.channel} ${row.address}` },
            { header: 'Judul', cell: (row) => row.subject },
            { header: 'Percobaan', cell: (row) => row.attempts },
            {
              header: status === 'sent' ? 'Terkirim' : 'Kesalahan terakhir',
              cell: (row) => (status === 'sent' ? row.formatted_sent_at : (row.last_error ?? '-')),
            },
            {
              header: 'Aksi',
              cell: (row) =>
                row.may_resend ? (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      router.post(
                        `/notifications/outbox/${row.id}/resend`,
                        {},
                        { preserveScroll: true }
                      )
                    }
                  >
                    Kirim Ulang
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </>
  )
}
