import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { ExportMenu } from '~/components/data_table/export_menu'
import {
  ReportFilterForm,
  useReportFilters,
  type ReportOptions,
} from '~/components/reports/report_filters'
import { RankingCard } from '~/components/reports/ranking_card'
import { RegionTableCard } from '~/components/reports/region_table_card'
import { SatisfactionCard } from '~/components/reports/satisfaction_card'

const KEYS = ['start_date', 'end_date', 'order_type', 'province', 'calculation_type'] as const

/** Laporan Layanan: the most and least served facilities, provinces, cities, satisfaction. */
export default function ServiceReport(options: ReportOptions) {
  const { applied, apply } = useReportFilters(options, [...KEYS])
  return (
    <>
      <Head title="Laporan Layanan" />
      <PageHeader
        title="Laporan Layanan"
        subtitle="Layanan kalibrasi dan pengujian alat per fasyankes dan wilayah, menurut tanggal permohonan."
        actions={
          <ExportMenu
            base="/report/service/print"
            queryString={new URLSearchParams(applied).toString()}
            phoneAlign="left"
          />
        }
      />
      <ReportFilterForm options={options} keys={[...KEYS]} applied={applied} onApply={apply} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <RankingCard
          title="Fasyankes dengan Layanan Terbanyak"
          path="service/top"
          params={applied}
          failure="Gagal Mengambil Data Layanan Teratas"
          itemHeader="Fasyankes"
        />
        <RankingCard
          title="Fasyankes dengan Layanan Tersedikit"
          path="service/lowest"
          params={applied}
          failure="Gagal Mengambil Data Layanan Tersedikit"
          itemHeader="Fasyankes"
          lowest
        />
        <RegionTableCard
          title="Layanan per Provinsi"
          path="service/province"
          params={applied}
          failure="Gagal Mengambil Data Layanan Provinsi"
          regionHeader="Provinsi"
        />
        <RegionTableCard
          title="Layanan per Kota/Kabupaten"
          path="service/city"
          params={applied}
          failure="Gagal Mengambil Data Layanan Kota"
          regionHeader="Kota/Kabupaten"
        />
        <SatisfactionCard params={applied} />
      </div>
    </>
  )
}
