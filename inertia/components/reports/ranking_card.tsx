import { ReportCard } from '~/components/reports/report_card'
import { RankingChart, SERIES_COLOURS } from '~/components/reports/charts'
import { count, ReportTable, Td, Th } from '~/components/reports/report_table'
import { useReport, type ReportParams } from '~/components/reports/use_report'
import type { Data } from '#generated/data'

/** A top or lowest list (spec: items with a facility or device name and a count), and its chart. */
export function RankingCard({
  title,
  path,
  params,
  failure,
  itemHeader,
  lowest,
}: {
  title: string
  path: string
  params: ReportParams
  failure: string
  itemHeader: string
  lowest?: boolean
}) {
  const query = useReport<Data.Reports.Ranking[]>(path, params)
  return (
    <ReportCard title={title} query={query} failure={failure} isEmpty={(items) => !items.length}>
      {(items) => (
        <div className="space-y-3">
          <RankingChart items={items} colour={lowest ? SERIES_COLOURS[2] : SERIES_COLOURS[0]} />
          <ReportTable caption={title}>
            <thead>
              <tr>
                <Th numeric>No</Th>
                <Th>{itemHeader}</Th>
                <Th numeric>Jumlah Layanan</Th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={item.id}>
                  <Td numeric>{index + 1}</Td>
                  <Td>{item.name}</Td>
                  <Td numeric>{count(item.count)}</Td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
        </div>
      )}
    </ReportCard>
  )
}
