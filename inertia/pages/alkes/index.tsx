import { MasterListPage } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { DetailList } from '~/components/detail_list'
import type { AlkesRow } from '#queries/alkes/alkes_list'

type Alkes = AlkesRow

const YES_NO = [
  { value: '1', label: 'Ya' },
  { value: '0', label: 'Tidak' },
]

const COLUMNS: Column<Alkes>[] = [
  {
    key: 'name',
    header: 'Nama Alkes',
    filter: { type: 'text', placeholder: 'Nama' },
    cell: (a) => <span className="font-medium">{a.name}</span>,
  },
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
  {
    key: 'formatted_has_pengujian',
    header: 'Pengujian KAN',
    filter: { key: 'pengujian_is_kan', type: 'select', options: YES_NO },
  },
  {
    key: 'formatted_has_kalibrasi',
    header: 'Kalibrasi KAN',
    filter: { key: 'kalibrasi_is_kan', type: 'select', options: YES_NO },
  },
  {
    key: 'formatted_is_internal',
    header: 'Alat Datang',
    filter: { key: 'is_internal', type: 'select', options: YES_NO },
  },
  {
    key: 'formatted_is_insitu',
    header: 'Insitu',
    filter: { key: 'is_insitu', type: 'select', options: YES_NO },
  },
  {
    key: 'formatted_is_tuntung_seharian',
    header: 'Tuntung Saharian',
    filter: { key: 'is_tuntung_saharian', type: 'select', options: YES_NO },
  },
]

function Detail({ alkes }: { alkes: Alkes }) {
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

export default function AlkesIndex({ title, canEdit }: { title: string; canEdit: boolean }) {
  return (
    <MasterListPage<Alkes>
      title={title}
      subtitle="Jenis alat kesehatan, tarif layanan, dan estimasi waktu pengerjaan."
      addLabel="Tambah Alkes"
      canEdit={canEdit}
      path="/alkes/data"
      columns={COLUMNS}
      renderDetail={(a) => <Detail alkes={a} />}
      renderCard={(a) => (
        <div>
          <p className="font-medium">{a.name}</p>
          <p className="text-sm text-slate-500">
            {a.alkes_code} · {a.laboratory}
          </p>
          <p className="mt-1 text-sm">
            {a.formatted_price} · {a.minute_estimation} menit
          </p>
        </div>
      )}
    />
  )
}
