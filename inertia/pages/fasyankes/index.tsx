import { MasterListPage } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { DetailList } from '~/components/detail_list'
import type { FasyankesRow } from '#queries/fasyankes/fasyankes_list'

type Facility = FasyankesRow

type Props = {
  title: string
  canEdit: boolean
  options: {
    categories: { id: number; name: string }[]
    classes: { id: number; name: string }[]
    provinces: { code: string; name: string }[]
  }
}

function Detail({ facility }: { facility: Facility }) {
  const rows: [string, string | null][] = [
    ['Alamat', facility.address],
    ['Kabupaten/Kota', facility.city],
    ['Telepon', facility.phone],
    ['Penanggung jawab', facility.pic ? `${facility.pic} (${facility.pic_phone ?? '-'})` : null],
    ['Email akun', facility.email],
    [
      'Koordinat',
      facility.latitude !== null ? `${facility.latitude}, ${facility.longitude}` : null,
    ],
  ]
  return <DetailList rows={rows} />
}

export default function FasyankesIndex({ title, canEdit, options }: Props) {
  const columns: Column<Facility>[] = [
    {
      key: 'fasyankes_name',
      header: 'Nama Fasyankes',
      filter: { key: 'name', type: 'text', placeholder: 'Nama' },
      cell: (f) => <span className="font-medium">{f.fasyankes_name}</span>,
    },
    {
      key: 'category',
      header: 'Kategori',
      filter: {
        type: 'select',
        options: options.categories.map((c) => ({ value: String(c.id), label: c.name })),
      },
      cell: (f) => f.category?.name ?? '-',
    },
    {
      key: 'class',
      header: 'Kelas',
      filter: {
        type: 'select',
        options: options.classes.map((c) => ({ value: String(c.id), label: c.name })),
      },
      cell: (f) => f.class?.name ?? '-',
    },
    {
      key: 'type',
      header: 'Jenis',
      filter: {
        type: 'select',
        options: ['Negeri', 'Swasta'].map((t) => ({ value: t, label: t })),
      },
    },
    {
      key: 'province',
      header: 'Provinsi',
      filter: {
        type: 'select',
        options: options.provinces.map((p) => ({ value: p.code, label: p.name })),
      },
    },
  ]

  return (
    <MasterListPage<Facility>
      title={title}
      subtitle="Fasilitas pelayanan kesehatan pengguna layanan beserta akunnya."
      addLabel="Tambah Fasyankes"
      canEdit={canEdit}
      path="/fasyankes/data"
      columns={columns}
      renderDetail={(f) => <Detail facility={f} />}
      renderCard={(f) => (
        <div>
          <p className="font-medium">{f.fasyankes_name}</p>
          <p className="text-sm text-slate-500">
            {[f.category?.name, f.class?.name, f.type].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-1 text-sm">{[f.city, f.province].filter(Boolean).join(', ')}</p>
        </div>
      )}
    />
  )
}
