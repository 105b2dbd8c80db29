import { ReportCard } from '~/components/reports/report_card'
import { Bars } from '~/components/reports/charts'
import { count, ReportTable, Td, Th } from '~/components/reports/report_table'
import { useReport, type ReportParams } from '~/components/reports/use_report'

type HM = { H: number; M: number }
type Monthly = {
  months: { key: string; label: string }[]
  alkes: { id: number; name: string; reports: HM[]; total: HM }[]
  totals: HM[]
  total: HM
}

/** A month's (or a total's) two cells, H then M. */
const hmCells = (cells: HM[]) =>
  cells.flatMap((cell, index) => [
    <Td key={`${index}-H`} numeric>
      {count(cell.H)}
    </Td>,
    <Td key={`${index}-M`} numeric>
      {count(cell.M)}
    </Td>,
  ])

/** Spec: the monthly table (months, alkes, reports split into H and M, totals), and its chart. */
export function MonthlyCard({ params }: { params: ReportParams }) {
  const query = useReport<Monthly>('alkespk/monthly', params)
  return (
    <ReportCard
      title="Layanan Alkes PK per Bulan"
      subtitle="M (masuk): alat yang dimohonkan pada bulan itu. H (hasil): alat yang selesai dikerjakan pada bulan itu."
      query={query}
      failure="Gagal Mengambil Data Layanan Alkes Teratas"
      isEmpty={(data) => !data.alkes.length}
    >
      {(data) => (
        <div className="space-y-3">
          <Bars
            label="Grafik layanan alkes PK per bulan, masuk dan hasil"
            rows={data.months.map((month, index) => ({
              name: month.label,
              M: data.totals[index].M,
              H: data.totals[index].H,
            }))}
            series={[
              { key: 'M', name: 'M (masuk)' },
              { key: 'H', name: 'H (hasil)' },
            ]}
          />
          <ReportTable caption="Layanan alkes PK per bulan">
            <thead>
              <tr>
                <Th rowSpan={2}>Alkes</Th>
                {data.months.map((month) => (
                  <Th key={month.key} colSpan={2} className="text-center">
                    {month.label}
                  </Th>
                ))}
                <Th colSpan={2} className="text-center">
                  Total
                </Th>
              </tr>
              <tr>
                {[...data.months, { key: 'total' }].flatMap((month) => [
                  <Th key={`${month.key}-H`} numeric>
                    H
                  </Th>,
                  <Th key={`${month.key}-M`} numeric>
                    M
                  </Th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {data.alkes.map((row) => (
                <tr key={row.id}>
                  <Td className="min-w-48">{row.name}</Td>
                  {hmCells([...row.reports, row.total])}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <Td>Total</Td>
                {hmCells([...data.totals, data.total])}
              </tr>
            </tfoot>
          </ReportTable>
        </div>
      )}
    </ReportCard>
  )
}
