import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Plus } from 'lucide-react'
import { PageHeader } from '~/components/ui/card'
import { buttonClass } from '~/components/ui/button'
import { DataTable, type Column } from '~/components/data_table/data_table'
import type { ListPageProps } from '~/components/master_list_page'
import { RowLink } from '~/components/list_actions'
import { StatusBadge } from '~/components/status_badge'
import { DevicePopover } from '~/components/orders/device_popover'

/** What every order list row has (`Data.Lists.OrderRow`). */
export type ListedOrder = {
  id: number
  number: string
  status: string
  status_tone: string
  fasyankes: { fasyankes_name: string }
  device_count: number
  formatted_total_price: string
  /** Its billing state (issue 35, point 3), as the server labels and colours it. */
  formatted_billing_state: string
  billing_tone: string
}

/** What the server hands every order list page. */
export type OrderListProps = ListPageProps & {
  /** "Ajukan Permintaan"; null when this user may not request. */
  createHref: string | null
  statuses: string[]
  /** The billing state filter's choices, from the server. */
  billingStates: { value: string; label: string }[]
  /** The order page of this user, with `:id` for the order. */
  orderPath: string
}

/**
 * An order list, both types: title with "Ajukan Permintaan", the server's table with number,
 * facility, the type's own columns (`columns`), devices, tariff and status, an expandable detail
 * on desktop and a card on phones.
 */
export function OrderListPage<T extends ListedOrder>({
  list,
  show,
  columns,
  detail,
  cardLine,
}: {
  list: OrderListProps
  /** Which shared columns this user sees, decided by the server. */
  show: { facility: boolean; status: boolean }
  columns: Column<T>[]
  detail: (order: T) => ReactNode
  cardLine: (order: T) => ReactNode
}) {
  const href = (o: T) => list.orderPath.replace(':id', String(o.id))
  // Each order's device lines with their results (the shared /{orderType}/{id}/devices).
  const devicesHref = (o: T) => `${list.path}/${o.id}/devices`
  return (
    <>
      <Head title={list.title} />
      <PageHeader
        title={list.title}
        subtitle={list.subtitle}
        actions={
          list.createHref && (
            <Link href={list.createHref} className={buttonClass('primary')}>
              <Plus className="size-4" /> Ajukan Permintaan
            </Link>
          )
        }
      />
      <DataTable<T>
        path={list.path}
        sortable={list.sortable}
        defaultLimit={10}
        columns={[
          {
            key: 'number',
            header: 'Nomor',
            filter: { type: 'text', placeholder: 'Nomor' },
            cell: (o) => (
              <Link
                href={href(o)}
                className="font-mono text-xs font-semibold text-brand-700 hover:underline dark:text-brand-100"
              >
                {o.number}
              </Link>
            ),
          },
          {
            key: 'fasyankes',
            header: 'Fasyankes',
            hidden: !show.facility,
            filter: { type: 'text', placeholder: 'Fasyankes' },
            cell: (o) => o.fasyankes.fasyankes_name,
          },
          ...columns,
          {
            key: 'device_count',
            header: 'Alat',
            cell: (o) => <DevicePopover href={devicesHref(o)} count={o.device_count} />,
          },
          { key: 'formatted_total_price', header: 'Total Tarif' },
          {
            key: 'status',
            header: 'Status',
            hidden: !show.status,
            filter: {
              type: 'select',
              options: list.statuses
                .filter((s) => s !== 'ALL')
                .map((s) => ({ value: s, label: s })),
            },
            cell: (o) => <StatusBadge status={o.status} tone={o.status_tone} />,
          },
          {
            key: 'billing_state',
            header: 'Tagihan',
            filter: { type: 'select', key: 'billing', options: list.billingStates },
            cell: (o) => <StatusBadge status={o.formatted_billing_state} tone={o.billing_tone} />,
          },
        ]}
        renderDetail={detail}
        renderCard={(o) => (
          <div>
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold">{o.number}</span>
              <StatusBadge status={o.status} tone={o.status_tone} />
            </div>
            {show.facility && <p className="mt-1 font-medium">{o.fasyankes.fasyankes_name}</p>}
            <p className="text-sm text-slate-500">{cardLine(o)}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status={o.formatted_billing_state} tone={o.billing_tone} />
              <DevicePopover href={devicesHref(o)} count={o.device_count} />
            </div>
          </div>
        )}
        actions={(o) => <RowLink href={href(o)}>Detail</RowLink>}
      />
    </>
  )
}
