import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, selectColumn, textColumn, YES_NO } from '~/components/data_table/columns'
import { DetailList } from '~/components/detail_list'
import type { AlkesRow } from '#queries/alkes/alkes_list'

type Alkes = AlkesRow

const yesNo = (key: string, header: string, filterKey: string) =>
  selectColumn<Alkes>(key, header, YES_NO, { filterKey })

const COLUMNS: Column<Alkes>[] = [
  textColumn('name', 'Nama Alkes', 'Nama', {
    cell: (a) => <span className="font-medium">{a.name}</span>,
  }),
  {
    key: 'formatted_price',
    header: 'Tarif',
    filter: { key: 'price', type: 'number', placeholder: 'Tarif' },
    cell: (a) => <span className="whitespace-nowrap">{a.formatted_price}</span>,
  },
  {
    key: 'minute_estimation',
    header: 'Estimasi (menit)',
    filter: { type: 'number', placeholder: 'Menit' },
  },
  yesNo('formatted_has_pengujian', 'Pengujian KAN', 'pengujian_is_kan'),
  yesNo('formatted_has_kalibrasi', 'Kalibrasi KAN', 'kalibrasi_is_kan'),
  yesNo('formatted_is_internal', 'Alat Datang', 'is_internal'),
  yesNo('formatted_is_insitu', 'Insitu', 'is_insitu'),
  yesNo('formatted_is_tuntung_seharian', 'Tuntung Saharian', 'is_tuntung_saharian'),
]

function detail(alkes: Alkes) {
  const rows: [string, string | number | null][] = [
    ['Kode alkes', alkes.alkes_code],
    ['Laboratorium', alkes.laboratory + (alkes.category ? ` - ${alkes.category}` : '')],
    ['Kode metode kerja', alkes.mk_code],
    ['Kode ASPAK', alkes.aspak_code],
    ['Nomor sertifikat', alkes.certificate_number],
    ['Jumlah halaman', alkes.total_page],
    ['Interval rekalibrasi', `${alkes.recalibration_months} bulan`],
    ['Keterangan laik', alkes.has_laik_description ? 'Ya' : 'Tidak'],
  ]
  return <DetailList rows={rows} />
}

function card(alkes: Alkes) {
  return (
    <RowCard title={alkes.name} subtitle={`${alkes.alkes_code} · ${alkes.laboratory}`}>
      {alkes.formatted_price} · {alkes.minute_estimation} menit
    </RowCard>
  )
}

export default function AlkesIndex(page: RegisterPageProps) {
  return <MasterListPage {...page} columns={COLUMNS} renderDetail={detail} renderCard={card} />
}
