import { ReportCard } from '~/components/reports/report_card'
import { Bars } from '~/components/reports/charts'
import { count, ReportTable, Td, Th } from '~/components/reports/report_table'
import { useReport, type ReportParams } from '~/components/reports/use_report'

type YearCell = { categories: number[]; total: number }
type Yearly = {
  calculation_type: 'alkes' | 'fasyankes'
  categories: { id: number | null; name: string }[]
  years: number[]
  cities: {
    code: string | null
    name: string
    province: string | null
    reports: YearCell[]
    total: number
  }[]
  totals: { reports: YearCell[]; total: number }
}

/** Spec: the yearly table (categories, years, cities, reports and totals), and its chart. */
export function YearlyCard({ params }: { params: ReportParams }) {
  const query = useReport<Yearly>('yearly/city', params)
  return (
    <ReportCard
      title="Layanan per Kota per Tahun"
      subtitle={
        params.calculation_type === 'fasyankes'
          ? 'Angka: jumlah fasyankes yang dilayani (tiap fasyankes dihitung sekali per kolom).'
          : 'Angka: jumlah layanan alat.'
      }
      query={query}
      failure="Gagal Mengambil Data Layanan Kota"
      isEmpty={(data) => !data.cities.length}
    >
      {(data) => (
        <div className="space-y-3">
          <Bars
            stacked
            label="Grafik layanan per tahun menurut kategori fasyankes"
            rows={data.years.map((year, index) => ({
              name: String(year),
              ...Object.fromEntries(
                data.totals.reports[index].categories.map((value, category) => [
                  `c${category}`,
                  value,
                ])
              ),
            }))}
            series={data.categories.map((category, index) => ({
              key: `c${index}`,
              name: category.name,
            }))}
          />
          <ReportTable caption="Layanan per kota per tahun">
            <thead>
              <tr>
                <Th>Kota/Kabupaten</Th>
                {data.years.map((year) => (
                  <Th key={year} numeric>
                    {year}
                  </Th>
                ))}
                <Th numeric>Total</Th>
              </tr>
            </thead>
            <tbody>
              {data.cities.map((city) => (
                <tr key={city.code ?? city.name}>
                  <Td className="min-w-48">
                    {city.name}
                    {city.province && params.province === 'ALL' && (
                      <span className="block text-xs text-slate-500">{city.province}</span>
                    )}
                  </Td>
                  {city.reports.map((cell, index) => (
                    <Td key={data.years[index]} numeric>
                      <span
                        title={data.categories
                          .map((category, c) => `${category.name}: ${cell.categories[c]}`)
                          .join('\n')}
                      >
                        {count(cell.total)}
                      </span>
                    </Td>
                  ))}
                  <Td numeric className="font-semibold">
                    {count(city.total)}
                  </Td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <Td>Total</Td>
                {data.totals.reports.map((cell, index) => (
                  <Td key={data.years[index]} numeric>
                    {count(cell.total)}
                  </Td>
                ))}
                <Td numeric>{count(data.totals.total)}</Td>
              </tr>
            </tfoot>
          </ReportTable>
        </div>
      )}
    </ReportCard>
  )
}
