import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { ExportMenu } from '~/components/data_table/export_menu'
import {
  ReportFilterForm,
  useReportFilters,
  type ReportOptions,
} from '~/components/reports/report_filters'
import { YearlyCard } from '~/components/reports/yearly_card'

const KEYS = ['order_type', 'calculation_type', 'province'] as const

/** Laporan Tahunan: every year of services per city (spec: order type, calculation, province). */
export default function YearlyReport(options: ReportOptions) {
  const { applied, apply } = useReportFilters(options, [...KEYS])
  return (
    <>
      <Head title="Laporan Tahunan" />
      <PageHeader
        title="Laporan Tahunan"
        subtitle="Layanan per kota/kabupaten untuk setiap tahun, menurut tanggal permohonan."
        actions={
          <ExportMenu
            base="/report/yearly/print"
            queryString={new URLSearchParams(applied).toString()}
            phoneAlign="left"
          />
        }
      />
      <ReportFilterForm options={options} keys={[...KEYS]} applied={applied} onApply={apply} />
      <YearlyCard params={applied} />
    </>
  )
}
