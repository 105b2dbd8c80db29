import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, textColumn } from '~/components/data_table/columns'
import { RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import type { OfficerRow } from '#queries/officers/officer_list'

type Officer = OfficerRow

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

function Detail({ officer }: { officer: Officer }) {
  return (
    <DetailList
      rows={[
        ['Email', officer.email],
        ['NIP', officer.nip],
      ]}
    />
  )
}

export default function OfficerIndex(page: RegisterPageProps) {
  return (
    <MasterListPage<Officer>
      {...page}
      columns={COLUMNS}
      renderDetail={(o) => <Detail officer={o} />}
      renderCard={(o) => (
        <RowCard
          title={o.name}
          subtitle={<span className="font-mono text-xs">{o.nip ?? '-'}</span>}
        >
          <p>{o.position ?? '-'}</p>
          <p className="text-slate-500">{o.rank ?? '-'}</p>
        </RowCard>
      )}
      rowLinks={(o) => <RowLink href={`/officer/${o.id}/role`}>Peran</RowLink>}
    />
  )
}
