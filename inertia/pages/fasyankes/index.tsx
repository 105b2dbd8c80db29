import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { ListActions, RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'

type Facility = {
  id: number
  fasyankes_name: string
  phone: string | null
  address: string | null
  type: string
  province: string | null
  city: string | null
  category: { id: number; name: string } | null
  class: { id: number; name: string } | null
  pic: string | null
  pic_phone: string | null
  email: string | null
  latitude: number | null
  longitude: number | null
}

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
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle="Fasilitas pelayanan kesehatan pengguna layanan beserta akunnya."
        actions={canEdit && <ListActions path="/fasyankes/data" addLabel="Tambah Fasyankes" />}
      />
      <DataTable<Facility>
        path="/fasyankes/data"
        columns={columns}
        rowKey={(f) => f.id}
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
        actions={
          canEdit ? (f) => <RowLink href={`/fasyankes/data/${f.id}/edit`}>Ubah</RowLink> : undefined
        }
      />
    </>
  )
}
