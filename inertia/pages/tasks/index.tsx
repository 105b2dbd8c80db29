import { Head, Link } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SimpleTable, linkColumn, type SimpleColumn } from '~/components/ui/simple_table'
import { StatusBadge } from '~/components/status_badge'
import { cn } from '~/lib/cn'

type Waited = { age: string; late: boolean; since: string }

type WaitingOrder = Waited & {
  id: number
  number: string
  fasyankes_name: string
  status: string
  status_tone: string
  order_href: string
  action_href: string
  /** Why the action cannot be taken yet (devices still open, say), or null. */
  blocked: string | null
}

type Group = {
  key: string
  label: string
  order_type: string
  total: number
  list_href: string | null
  rows: WaitingOrder[]
}

type Line = Waited & {
  id: number
  number: string
  fasyankes_name: string
  device: string
  serial_number: string
  status: string
  status_tone: string
  state: string
  order_href: string
  worksheet_href: string
}

type Props = {
  waiting: Group[]
  assigned: { total: number; rows: Line[] }
}

function Age({ row }: { row: Waited }) {
  return (
    <span
      title={new Date(row.since).toLocaleString('id-ID')}
      className={cn('whitespace-nowrap', row.late && 'font-semibold text-red-600')}
    >
      {row.age}
    </span>
  )
}

type OrderRow = Waited & {
  number: string
  fasyankes_name: string
  status: string
  status_tone: string
  order_href: string
}

/** Both tables open with the order (linked) and its facility… */
const orderColumns = <T extends OrderRow>(): SimpleColumn<T>[] => [
  linkColumn(
    'Nomor',
    (row) => row.order_href,
    (row) => row.number,
    'font-mono text-xs font-semibold text-brand-700 hover:underline dark:text-brand-100'
  ),
  { header: 'Fasyankes', cell: (row) => row.fasyankes_name },
]

/** …and show its status and how long it has waited. */
const stateColumns = <T extends OrderRow>(): SimpleColumn<T>[] => [
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} tone={row.status_tone} /> },
  { header: 'Umur', cell: (row) => <Age row={row} /> },
]

function Section({
  title,
  count,
  children,
}: {
  title: string
  count: number
  children: React.ReactNode
}) {
  return (
    <Card className="mb-4">
      <h2 className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
        {title}
        <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {count}
        </span>
      </h2>
      {children}
    </Card>
  )
}

/** "My tasks": the orders waiting for an action of mine and the device lines assigned to me. */
export default function Tasks({ waiting, assigned }: Props) {
  const nothing = assigned.total === 0 && waiting.every((group) => group.total === 0)
  return (
    <>
      <Head title="Tugas Saya" />
      <PageHeader
        title="Tugas Saya"
        subtitle="Yang menunggu tindakan Anda, terlama lebih dulu. Umur dihitung sejak permintaan masuk ke statusnya."
      />
      {nothing && (
        <Card className="p-6 text-center text-slate-500">Tidak ada tugas yang menunggu Anda.</Card>
      )}
      {assigned.total > 0 && (
        <Section title="Alat yang ditugaskan kepada saya" count={assigned.total}>
          <SimpleTable
            rows={assigned.rows}
            columns={[
              ...orderColumns<Line>(),
              { header: 'Alat', cell: (row) => row.device },
              { header: 'No. Seri', cell: (row) => row.serial_number },
              {
                header: 'Keadaan',
                cell: (row) => (
                  <Link href={row.worksheet_href} className="text-brand-700 hover:underline">
                    {row.state}
                  </Link>
                ),
              },
              ...stateColumns<Line>(),
            ]}
          />
          {assigned.total > assigned.rows.length && (
            <p className="px-4 py-2 text-xs text-slate-500">
              {assigned.rows.length} terlama dari {assigned.total} alat ditampilkan.
            </p>
          )}
        </Section>
      )}
      {waiting
        .filter((group) => group.total > 0)
        .map((group) => (
          <Section
            key={group.key}
            title={`${group.label} · ${group.order_type}`}
            count={group.total}
          >
            <SimpleTable
              rows={group.rows}
              columns={[
                ...orderColumns<WaitingOrder>(),
                ...stateColumns<WaitingOrder>(),
                {
                  header: 'Tindakan',
                  cell: (row) =>
                    row.blocked ? (
                      <span className="text-xs text-slate-500">{row.blocked}</span>
                    ) : (
                      <Link href={row.action_href} className="text-brand-700 hover:underline">
                        {group.label}
                      </Link>
                    ),
                },
              ]}
            />
            {group.list_href && group.total > group.rows.length && (
              <Link
                href={group.list_href}
                className="block px-4 py-2 text-sm text-brand-700 hover:underline"
              >
                Lihat semua {group.total} permintaan
              </Link>
            )}
          </Section>
        ))}
    </>
  )
}
