import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, textColumn } from '~/components/data_table/columns'
import { RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import type { Data } from '#generated/data'

type Officer = Data.Lists.OfficerRow

const COLUMNS: Column<Officer>[] = [
  textColumn('name', 'Nama', 'Nama', {
    cell: (o) => <span className="font-medium">{o.name}</span>,
  }),
  textColumn('nip', 'NIP', 'NIP', {
    cell: (o) => <span className="font-mono text-xs">{o.nip ?? '-'}</span>,
  }),
  textColumn('rank', 'Pangkat/Golongan', 'Pangkat'),
  textColumn('position', 'Jabatan', 'Jabatan'),
]

function detail(officer: Officer) {
  return (
    <DetailList
      rows={[
        ['Email', officer.email],
        ['NIP', officer.nip],
      ]}
    />
  )
}

function card(officer: Officer) {
  return (
    <RowCard
      title={officer.name}
      subtitle={<span className="font-mono text-xs">{officer.nip ?? '-'}</span>}
    >
      <p>{officer.position ?? '-'}</p>
      <p className="text-slate-500">{officer.rank ?? '-'}</p>
    </RowCard>
  )
}

const roleLink = (officer: Officer) => <RowLink href={`/officer/${officer.id}/role`}>Peran</RowLink>

export default function OfficerIndex(page: RegisterPageProps) {
  return (
    <MasterListPage
      {...page}
      columns={COLUMNS}
      renderDetail={detail}
      renderCard={card}
      rowLinks={roleLink}
    />
  )
}
