import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/**
 * The report charts, beside their tables (recharts; only the report pages load this file).
 * Colours work on the light and the dark theme.
 */
export const SERIES_COLOURS = [
  '#2563eb',
  '#16a34a',
  '#f59e0b',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#64748b',
]

const axis = { fontSize: 11, fill: '#64748b' }
const tooltipStyle = { fontSize: 12, borderRadius: 6 }
const shortLabel = (text: string, length = 22) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text

/** Items and their counts as horizontal bars (top and lowest lists). */
export function RankingChart({
  items,
  colour = SERIES_COLOURS[0],
}: {
  items: { name: string; count: number }[]
  colour?: string
}) {
  return (
    <div role="img" aria-label="Grafik jumlah layanan" style={{ height: 40 + items.length * 30 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={items} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis
            type="category"
            dataKey="name"
            width={130}
            tick={axis}
            tickFormatter={(value: string) => shortLabel(value, 20)}
          />
          <Tooltip contentStyle={tooltipStyle} formatter={(value) => [value, 'Layanan']} />
          <Bar dataKey="count" fill={colour} radius={[0, 3, 3, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}

/**
 * Rows (regions, years, months) as bars per series: stacked (facility categories of a region)
 * or side by side (H and M of a month).
 */
export function Bars({
  rows,
  series,
  label,
  stacked,
}: {
  rows: Record<string, string | number>[]
  series: { key: string; name: string }[]
  label: string
  stacked?: boolean
}) {
  return (
    <div role="img" aria-label={label} className={stacked ? 'h-72' : 'h-64'}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ left: 0, right: 8, bottom: stacked ? 8 : 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            tick={axis}
            tickFormatter={(value: string) => shortLabel(value, 12)}
          />
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((entry, index) => (
            <Bar
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              stackId={stacked ? 'all' : undefined}
              fill={SERIES_COLOURS[index % SERIES_COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}

/** Values over months, one line per series (the satisfaction index per group). */
export function Lines({
  rows,
  series,
  label,
  domain,
}: {
  rows: Record<string, string | number | null>[]
  series: { key: string; name: string }[]
  label: string
  domain?: [number, number]
}) {
  return (
    <div role="img" aria-label={label} className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ left: 0, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={axis} />
          <YAxis tick={axis} domain={domain} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((entry, index) => (
            <Line
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
