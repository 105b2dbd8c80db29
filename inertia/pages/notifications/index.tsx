import { Head, Link, router } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'

type Props = {
  notices: {
    id: number
    title: string
    body: string
    href: string | null
    read: boolean
    formatted_created_at: string
  }[]
  /** The next (older) page, when there is one. */
  nextBefore: number | null
}

/** The user's notices, newest first: each opens what it is about and is then read. */
export default function Notifications({ notices, nextBefore }: Props) {
  const unread = notices.some((notice) => !notice.read)
  return (
    <>
      <Head title="Pemberitahuan" />
      <PageHeader
        title="Pemberitahuan"
        subtitle="Kabar permintaan, tugas, persetujuan dan pengingat."
      />
      <Card className="max-w-3xl">
        <div className="flex items-center justify-end border-b border-slate-200 px-4 py-2 dark:border-slate-800">
          <Button
            variant="ghost"
            disabled={!unread}
            onClick={() => router.put('/notifications/read', {}, { preserveScroll: true })}
          >
            Tandai semua sudah dibaca
          </Button>
        </div>
        {notices.length === 0 && (
          <p className="p-6 text-sm text-slate-500">Belum ada pemberitahuan.</p>
        )}
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {notices.map((notice) => (
            <li key={notice.id} data-notice={notice.read ? 'read' : 'unread'}>
              <Link
                href={`/notifications/${notice.id}/open`}
                className={cn(
                  'block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800',
                  !notice.read && 'bg-brand-50/60 dark:bg-brand-950/40'
                )}
              >
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={cn('min-w-0 text-sm', !notice.read && 'font-semibold')}>
                    {notice.title}
                  </span>
                  <span className="text-xs text-slate-500">{notice.formatted_created_at}</span>
                </p>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">
                  {notice.body}
                </p>
              </Link>
            </li>
          ))}
        </ul>
        {nextBefore && (
          <div className="border-t border-slate-200 p-3 text-center dark:border-slate-800">
            <Link
              href={`/notifications?before=${nextBefore}`}
              className="text-sm text-brand-700 hover:underline"
            >
              Lebih lama
            </Link>
          </div>
        )}
      </Card>
    </>
  )
}
