import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, selectColumn, textColumn } from '~/components/data_table/columns'
import { optionsOf } from '~/lib/options'

const FACILITY_TYPES = [{ name: 'Negeri' }, { name: 'Swasta' }]
import { DetailList } from '~/components/detail_list'
import type { Data } from '#generated/data'

type Facility = Data.Lists.FasyankesRow

type Props = RegisterPageProps & {
  options: {
    categories: { id: number; name: string }[]
    classes: { id: number; name: string }[]
    provinces: { code: string; name: string }[]
  }
}

function detail(facility: Facility) {
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

function card(facility: Facility) {
  return (
    <RowCard
      title={facility.fasyankes_name}
      subtitle={[facility.category?.name, facility.class?.name, facility.type]
        .filter(Boolean)
        .join(' · ')}
    >
      {[facility.city, facility.province].filter(Boolean).join(', ')}
    </RowCard>
  )
}

export default function FasyankesIndex({ options, ...page }: Props) {
  const columns: Column<Facility>[] = [
    textColumn('fasyankes_name', 'Nama Fasyankes', 'Nama', {
      filterKey: 'name',
      cell: (f) => <span className="font-medium">{f.fasyankes_name}</span>,
    }),
    selectColumn('category', 'Kategori', optionsOf(options.categories), {
      cell: (f) => f.category?.name ?? '-',
    }),
    selectColumn('class', 'Kelas', optionsOf(options.classes), {
      cell: (f) => f.class?.name ?? '-',
    }),
    selectColumn('type', 'Jenis', optionsOf(FACILITY_TYPES, 'name')),
    selectColumn('province', 'Provinsi', optionsOf(options.provinces, 'code')),
  ]

  return <MasterListPage {...page} columns={columns} renderDetail={detail} renderCard={card} />
}
