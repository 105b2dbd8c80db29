import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import type { ListPageProps } from '~/components/master_list_page'
import { StatusBadge } from '~/components/status_badge'
import {
  OrderListHeader,
  orderNumberColumn,
  orderStatusColumn,
} from '~/components/orders/order_list'
import type { InsituOrderRow } from '#queries/insitu/order_list'

type Props = ListPageProps & {
  /** "Ajukan Permintaan"; null when this user may not request. */
  createHref: string | null
  statuses: string[]
  /** Whether this user sees the facility column (staff), decided by the server. */
  showFacility: boolean
  /** The order page, with `:id` for the order. */
  orderPath: string
}

export default function InsituIndex({
  title,
  subtitle,
  path,
  sortable,
  createHref,
  statuses,
  showFacility,
  orderPath,
}: Props) {
  const detailHref = (o: InsituOrderRow) => orderPath.replace(':id', String(o.id))
  const columns: Column<InsituOrderRow>[] = [
    orderNumberColumn<InsituOrderRow>(orderPath),
    {
      key: 'fasyankes',
      header: 'Fasyankes',
      hidden: !showFacility,
      filter: { type: 'text', placeholder: 'Fasyankes' },
      cell: (o) => o.fasyankes.fasyankes_name,
    },
    {
      key: 'letter_number',
      header: 'Nomor Surat',
      filter: { type: 'text', placeholder: 'Nomor surat' },
    },
    { key: 'execution_year', header: 'Tahun' },
    { key: 'device_count', header: 'Alat', cell: (o) => `${o.device_count} alat` },
    { key: 'formatted_total_price', header: 'Total Tarif' },
    orderStatusColumn<InsituOrderRow>(statuses),
  ]
  return (
    <>
      <OrderListHeader title={title} subtitle={subtitle} createHref={createHref} />
      <DataTable<InsituOrderRow>
        path={path}
        sortable={sortable}
        defaultLimit={10}
        columns={columns}
        renderDetail={(o) => (
          <DetailList
            rows={[
              ['Alamat', o.fasyankes.address],
              ['Tanggal surat', o.formatted_letter_date],
              ['Nomor kontrak', o.contract_number],
              ['Diajukan', o.formatted_created_at],
            ]}
          />
        )}
        renderCard={(o) => (
          <div>
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold">{o.number}</span>
              <StatusBadge status={o.status} tone={o.status_tone} />
            </div>
            {showFacility && <p className="mt-1 font-medium">{o.fasyankes.fasyankes_name}</p>}
            <p className="text-sm text-slate-500">
              {o.letter_number} · {o.device_count} alat · {o.formatted_total_price}
            </p>
          </div>
        )}
        actions={(o) => <RowLink href={detailHref(o)}>Detail</RowLink>}
      />
    </>
  )
}
