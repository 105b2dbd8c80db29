import { useMemo, type ReactNode } from 'react'
import { MasterListPage, type RegisterPageProps } from '~/components/master_list_page'
import type { Column } from '~/components/data_table/data_table'
import { RowCard, selectColumn, textColumn, YES_NO } from '~/components/data_table/columns'
import { DetailList } from '~/components/detail_list'
import { RowLink } from '~/components/list_actions'
import type { Data } from '#generated/data'

type Alkes = Data.Lists.AlkesRow

const yesNo = (key: string, header: string, filterKey: string) =>
  selectColumn<Alkes>(key, header, YES_NO, { filterKey })

/** The columns; the services (one per order type) come from the server's registry. */
const columnsWith = (services: { field: string; title: string }[]): Column<Alkes>[] => [
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
  ...services.map(({ field, title }) => yesNo(`formatted_${field}`, title, field)),
  yesNo('formatted_is_tuntung_seharian', 'Tuntung Saharian', 'is_tuntung_saharian'),
]

/** The test points page: changed there by the device lab's head or admin, read by the others. */
const testPointsHref = (alkes: Alkes) => `/alkes/data/${alkes.id}/test-points`
const testPointsLink = (alkes: Alkes, labs: string[]) => (
  <RowLink href={testPointsHref(alkes)}>
    {labs.includes(alkes.laboratory) ? 'Titik Uji' : 'Lihat Titik Uji'}
  </RowLink>
)

function detail(alkes: Alkes, labs: string[]) {
  const rows: [string, ReactNode][] = [
    ['Kode alkes', alkes.alkes_code],
    ['Laboratorium', alkes.laboratory + (alkes.category ? ` - ${alkes.category}` : '')],
    ['Kode metode kerja', alkes.mk_code],
    ['Kode ASPAK', alkes.aspak_code],
    ['Nomor sertifikat', alkes.certificate_number],
    ['Jumlah halaman', alkes.total_page],
    ['Interval rekalibrasi', `${alkes.recalibration_months} bulan`],
    ['Keterangan laik', alkes.has_laik_description ? 'Ya' : 'Tidak'],
    ['Titik uji', testPointsLink(alkes, labs)],
  ]
  return <DetailList rows={rows} />
}

/** `linked`: the row's actions already hold the link (editors of its lab). */
function card(alkes: Alkes, labs: string[], linked: boolean) {
  return (
    <RowCard title={alkes.name} subtitle={`${alkes.alkes_code} · ${alkes.laboratory}`}>
      {alkes.formatted_price} · {alkes.minute_estimation} menit
      {!linked && <div className="mt-2">{testPointsLink(alkes, labs)}</div>}
    </RowCard>
  )
}

export default function AlkesIndex({
  testPointLabs,
  services,
  ...page
}: RegisterPageProps & {
  testPointLabs: string[]
  services: { field: string; title: string }[]
}) {
  const columns = useMemo(() => columnsWith(services), [services])
  return (
    <MasterListPage
      {...page}
      columns={columns}
      renderDetail={(alkes) => detail(alkes, testPointLabs)}
      renderCard={(alkes) =>
        card(alkes, testPointLabs, page.canEdit && testPointLabs.includes(alkes.laboratory))
      }
      rowLinks={(alkes) =>
        testPointLabs.includes(alkes.laboratory) && (
          <RowLink href={testPointsHref(alkes)}>Titik Uji</RowLink>
        )
      }
    />
  )
}
