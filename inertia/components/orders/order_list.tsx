import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Plus } from 'lucide-react'
import { PageHeader } from '~/components/ui/card'
import { buttonClass } from '~/components/ui/button'
import type { Column } from '~/components/data_table/data_table'
import { StatusBadge } from '~/components/status_badge'

type OrderLike = { id: number; number: string; status: string; status_tone: string }

/** The order's number, linking to its page (`:id` in `orderPath` is the order's). */
export function orderNumberColumn<T extends OrderLike>(orderPath: string): Column<T> {
  return {
    key: 'number',
    header: 'Nomor',
    filter: { type: 'text', placeholder: 'Nomor' },
    cell: (o) => (
      <Link
        href={orderPath.replace(':id', String(o.id))}
        className="font-mono text-xs font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        {o.number}
      </Link>
    ),
  }
}

/** The status badge, filtered by one status of the list's (ALL is the empty filter). */
export function orderStatusColumn<T extends OrderLike>(
  statuses: string[],
  hidden = false
): Column<T> {
  return {
    key: 'status',
    header: 'Status',
    hidden,
    filter: {
      type: 'select',
      options: statuses.filter((s) => s !== 'ALL').map((s) => ({ value: s, label: s })),
    },
    cell: (o) => <StatusBadge status={o.status} tone={o.status_tone} />,
  }
}

/** An order list's title, with "Ajukan Permintaan" for whoever the server says may request. */
export function OrderListHeader({
  title,
  subtitle,
  createHref,
}: {
  title: string
  subtitle: ReactNode
  createHref: string | null
}) {
  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          createHref && (
            <Link href={createHref} className={buttonClass('primary')}>
              <Plus className="size-4" /> Ajukan Permintaan
            </Link>
          )
        }
      />
    </>
  )
}
