import { ReportCard } from '~/components/reports/report_card'
import { Bars } from '~/components/reports/charts'
import { count, Percentage, ReportTable, Td, Th } from '~/components/reports/report_table'
import { useReport, type ReportParams } from '~/components/reports/use_report'
import type { Data } from '#generated/data'

type RegionRow = Data.Reports.RegionRow

type RegionTable = {
  calculation_type: 'alkes' | 'fasyankes'
  categories: { id: number | null; name: string }[]
  provinces?: RegionRow[]
  cities?: RegionRow[]
  totals: Data.Reports.RegionRow.Variants['forTotals']
}

const CHART_ROWS = 12

/**
 * A province or city table: a row per region, a column per facility category, the total and
 * the coverage (facilities served of those registered), with a chart of the busiest regions.
 */
export function RegionTableCard({
  title,
  path,
  params,
  failure,
  regionHeader,
}: {
  title: string
  path: string
  params: ReportParams
  failure: string
  regionHeader: string
}) {
  const query = useReport<RegionTable>(path, params)
  const rowsOf = (table: RegionTable) => table.provinces ?? table.cities ?? []
  return (
    <ReportCard
      title={title}
      subtitle={
        params.calculation_type === 'fasyankes'
          ? 'Angka: jumlah fasyankes yang dilayani. Cakupan: fasyankes dilayani dari yang terdaftar.'
          : 'Angka: jumlah layanan alat. Cakupan: fasyankes dilayani dari yang terdaftar.'
      }
      query={query}
      failure={failure}
      isEmpty={(table) => !rowsOf(table).length}
    >
      {(table) => {
        const rows = rowsOf(table)
        const series = table.categories.map((category, index) => ({
          key: `c${index}`,
          name: category.name,
        }))
        const chartRows = rows.slice(0, CHART_ROWS).map((row) => ({
          name: row.name,
          ...Object.fromEntries(row.reports.map((value, index) => [`c${index}`, value])),
        }))
        return (
          <div className="space-y-3">
            <Bars
              stacked
              rows={chartRows}
              series={series}
              label={`Grafik ${title}, ${CHART_ROWS} teratas`}
            />
            <ReportTable caption={title}>
              <thead>
                <tr>
                  <Th>{regionHeader}</Th>
                  {table.categories.map((category) => (
                    <Th key={category.name} numeric>
                      {category.name}
                    </Th>
                  ))}
                  <Th numeric>Total</Th>
                  <Th numeric>Cakupan</Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.code ?? row.name}>
                    <Td>{row.name}</Td>
                    {row.reports.map((value, index) => (
                      <Td key={index} numeric>
                        {count(value)}
                      </Td>
                    ))}
                    <Td numeric className="font-semibold">
                      {count(row.total)}
                    </Td>
                    <Td numeric>
                      <span className="sr-only">
                        {row.served} dari {row.registered} fasyankes
                      </span>
                      <Percentage value={row.percentage} tone={row.tone} />
                    </Td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <Td>Total</Td>
                  {table.totals.reports.map((value, index) => (
                    <Td key={index} numeric>
                      {count(value)}
                    </Td>
                  ))}
                  <Td numeric>{count(table.totals.total)}</Td>
                  <Td numeric>
                    <Percentage value={table.totals.percentage} tone={table.totals.tone} />
                  </Td>
                </tr>
              </tfoot>
            </ReportTable>
          </div>
        )
      }}
    </ReportCard>
  )
}
