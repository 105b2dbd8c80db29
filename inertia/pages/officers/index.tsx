import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { ListActions, RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'

type Officer = {
  id: number
  name: string
  nip: string | null
  rank: string | null
  position: string | null
  email: string
}

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
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle="Daftar petugas laboratorium beserta NIP, pangkat, dan jabatan."
        actions={canEdit && <ListActions path="/officer" addLabel="Tambah Petugas" />}
      />
      <DataTable<Officer>
        path="/officer"
        columns={COLUMNS}
        rowKey={(o) => o.id}
        renderDetail={(o) => <Detail officer={o} />}
        renderCard={(o) => <OfficerCard officer={o} />}
        actions={
          canEdit
            ? (o) => (
                <div className="flex flex-wrap gap-3">
                  <RowLink href={`/officer/${o.id}/edit`}>Ubah</RowLink>
                  <RowLink href={`/officer/${o.id}/role`}>Peran</RowLink>
                </div>
              )
            : undefined
        }
      />
    </>
  )
}
