import { MasterListPage } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import type { OfficerRow } from '#queries/officers/officer_list'

type Officer = OfficerRow

const COLUMNS: Column<Officer>[] = [
  {
    key: 'name',
    header: 'Nama',
    filter: { type: 'text', placeholder: 'Nama' },
    cell: (o) => <span className="font-medium">{o.name}</span>,
  },
  {
    key: 'nip',
    header: 'NIP',
    filter: { type: 'text', placeholder: 'NIP' },
    cell: (o) => <span className="font-mono text-xs">{o.nip ?? '-'}</span>,
  },
  { key: 'rank', header: 'Pangkat/Golongan', filter: { type: 'text', placeholder: 'Pangkat' } },
  { key: 'position', header: 'Jabatan', filter: { type: 'text', placeholder: 'Jabatan' } },
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

function OfficerCard({ officer }: { officer: Officer }) {
  return (
    <div>
      <p className="font-medium">{officer.name}</p>
      <p className="font-mono text-xs text-slate-500">{officer.nip ?? '-'}</p>
      <p className="mt-1 text-sm">{officer.position ?? '-'}</p>
      <p className="text-sm text-slate-500">{officer.rank ?? '-'}</p>
    </div>
  )
}

export default function OfficerIndex({ title, canEdit }: { title: string; canEdit: boolean }) {
  return (
    <MasterListPage<Officer>
      title={title}
      subtitle="Daftar petugas laboratorium beserta NIP, pangkat, dan jabatan."
      addLabel="Tambah Petugas"
      canEdit={canEdit}
      path="/officer"
      columns={COLUMNS}
      renderDetail={(o) => <Detail officer={o} />}
      renderCard={(o) => <OfficerCard officer={o} />}
      rowLinks={(o) => <RowLink href={`/officer/${o.id}/role`}>Peran</RowLink>}
    />
  )
}
