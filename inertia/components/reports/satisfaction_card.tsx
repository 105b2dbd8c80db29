import { ReportCard } from '~/components/reports/report_card'
import { Lines } from '~/components/reports/charts'
import { ReportTable, Td, Th } from '~/components/reports/report_table'
import { useReport, type ReportParams } from '~/components/reports/use_report'

type IndexValue = {
  index: number | null
  grade: string | null
  grade_label: string | null
  responses: number
}
type Satisfaction = {
  groups: (IndexValue & { title: string })[]
  months: ({ key: string; label: string; groups: IndexValue[] } & IndexValue)[]
  overall: IndexValue
}

const shown = (value: IndexValue) =>
  value.index === null ? '-' : `${value.index.toLocaleString('id-ID')} (${value.grade})`

/** The satisfaction index of the feedback questionnaire, per group and per month. */
export function SatisfactionCard({ params }: { params: ReportParams }) {
  const query = useReport<Satisfaction>('satisfaction', params)
  return (
    <ReportCard
      title="Indeks Kepuasan Layanan"
      subtitle="Rata-rata penilaian kuesioner (1-5) x 20. Mutu: A Sangat Baik (>= 88,31), B Baik (>= 76,61), C Kurang Baik (>= 65), D Tidak Baik."
      query={query}
      failure="Gagal Mengambil Data Indeks Kepuasan"
      isEmpty={(data) => !data.overall.responses}
    >
      {(data) => (
        <div className="space-y-3">
          <p className="text-sm">
            Indeks keseluruhan{' '}
            <strong data-testid="satisfaction-overall">{shown(data.overall)}</strong>{' '}
            {data.overall.grade_label} dari {data.overall.responses} kuesioner.
          </p>
          <Lines
            label="Grafik indeks kepuasan per bulan per kelompok"
            domain={[0, 100]}
            rows={data.months.map((month) => ({
              name: month.label,
              ...Object.fromEntries(month.groups.map((group, index) => [`g${index}`, group.index])),
            }))}
            series={data.groups.map((group, index) => ({ key: `g${index}`, name: group.title }))}
          />
          <ReportTable caption="Indeks kepuasan per kelompok">
            <thead>
              <tr>
                <Th>Kelompok</Th>
                <Th numeric>Indeks (Mutu)</Th>
                <Th>Kategori</Th>
              </tr>
            </thead>
            <tbody>
              {data.groups.map((group) => (
                <tr key={group.title}>
                  <Td>{group.title}</Td>
                  <Td numeric>{shown(group)}</Td>
                  <Td>{group.grade_label ?? '-'}</Td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
        </div>
      )}
    </ReportCard>
  )
}
