import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { ExportMenu } from '~/components/data_table/export_menu'
import {
  ReportFilterForm,
  useReportFilters,
  type ReportOptions,
} from '~/components/reports/report_filters'
import { RankingCard } from '~/components/reports/ranking_card'
import { MonthlyCard } from '~/components/reports/monthly_card'
import { RegionTableCard } from '~/components/reports/region_table_card'

const KEYS = ['start_date', 'end_date', 'order_type', 'province', 'calculation_type'] as const

/** Laporan Alkes (PK): the most and least requested device types, per month and per province. */
export default function AlkesReport(options: ReportOptions) {
  const { applied, apply } = useReportFilters(options, [...KEYS])
  return (
    <>
      <Head title="Laporan Alkes" />
      <PageHeader
        title="Laporan Alkes"
        subtitle="Layanan alat kesehatan laboratorium PK menurut jenis alat, bulan dan provinsi."
        actions={
          <ExportMenu
            base="/report/alkes/print"
            queryString={new URLSearchParams(applied).toString()}
            phoneAlign="left"
          />
        }
      />
      <ReportFilterForm options={options} keys={[...KEYS]} applied={applied} onApply={apply} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <RankingCard
          title="Alkes dengan Layanan Terbanyak"
          path="alkespk/top"
          params={applied}
          failure="Gagal Mengambil Data Layanan Alkes Teratas"
          itemHeader="Alkes"
        />
        <RankingCard
          title="Alkes dengan Layanan Tersedikit"
          path="alkespk/lowest"
          params={applied}
          failure="Gagal Mengambil Data Layanan Alkes Tersedikit"
          itemHeader="Alkes"
          lowest
        />
        <div className="xl:col-span-2">
          <MonthlyCard params={applied} />
        </div>
        <div className="xl:col-span-2">
          <RegionTableCard
            title="Layanan Alkes PK per Provinsi"
            path="alkespk/province"
            params={applied}
            failure="Gagal Mengambil Data Layanan Provinsi"
            regionHeader="Provinsi"
          />
        </div>
      </div>
    </>
  )
}
