import db from '@adonisjs/lucid/services/db'
import { reportSection, type ExportFormat, type ReportSection } from '#lists/exports/table_document'
import { formatDate } from '#services/format'
import { rankAlkes, rankFacilities, type RankedItem } from '#queries/reports/rankings'
import { cityTable, provinceTable, type RegionRow } from '#queries/reports/region_tables'
import { monthlyAlkes, type HM } from '#queries/reports/monthly_alkes'
import { yearlyCity } from '#queries/reports/yearly_city'
import { satisfactionIndex, type IndexValue } from '#queries/reports/satisfaction'
import {
  CALCULATION_LABELS,
  ORDER_TYPE_FILTER_LABELS,
  type ReportFilters,
} from '#queries/reports/report_filters'
import type { Category } from '#queries/reports/regions'
import type { AppliedFilter, ExportColumn } from '#lists/types'

/**
 * The report pages' exports (Laporan Layanan, Tahunan, Alkes): each table the page shows, as a
 * section of one PDF under the letterhead and a sheet of one workbook, for the filters the page
 * applied (the same as its report calls), printed above them.
 */
export interface ReportExport {
  title: string
  fileName: string
  /** Whether the report covers a date range (the yearly report covers every year). */
  dated: boolean
  sections(filters: ReportFilters, format: ExportFormat): Promise<ReportSection[]>
}

const count = (value: number) => value.toLocaleString('id-ID')
const decimal = (value: number | null) =>
  value === null ? '' : value.toLocaleString('id-ID', { maximumFractionDigits: 2 })

/** A column whose spreadsheet cell is the number it prints. */
function numberColumn<Row>(
  key: string,
  label: string,
  value: (row: Row) => number | null,
  format: 'number' | 'decimal' = 'number',
  width = 0.7
): ExportColumn<Row> {
  const printed = format === 'number' ? (n: number) => count(n) : decimal
  return {
    key,
    label,
    width,
    value: (row) => {
      const n = value(row)
      return n === null ? null : printed(n)
    },
    sheet: { format, value },
  }
}

function ranking(format: ExportFormat, title: string, header: string, rows: RankedItem[]) {
  const section = reportSection<RankedItem>(
    format,
    title,
    [
      { key: 'name', label: header, width: 3 },
      numberColumn('count', 'Jumlah Layanan', (row) => row.count, 'number', 1),
    ],
    rows
  )
  // "Fasyankes dengan Layanan Terbanyak": its last word names the sheet.
  return { ...section, sheet: `${header} ${title.split(' ').at(-1)}` }
}

type RegionLine = Omit<RegionRow, 'code' | 'tone'>

function regionTable(
  format: ExportFormat,
  title: string,
  header: string,
  table: { categories: Category[]; regions: RegionRow[]; totals: Omit<RegionLine, 'name'> }
) {
  const columns: ExportColumn<RegionLine>[] = [
    { key: 'name', label: header, width: 2 },
    ...table.categories.map((category, index) =>
      numberColumn<RegionLine>(`c${index}`, category.name, (row) => row.reports[index])
    ),
    numberColumn<RegionLine>('total', 'Total', (row) => row.total),
    numberColumn<RegionLine>('served', 'Fasyankes Dilayani', (row) => row.served),
    numberColumn<RegionLine>('registered', 'Fasyankes Terdaftar', (row) => row.registered),
    numberColumn<RegionLine>('percentage', 'Cakupan (%)', (row) => row.percentage, 'decimal'),
  ]
  const rows = table.regions.length ? [...table.regions, { ...table.totals, name: 'Total' }] : []
  return reportSection(format, title, columns, rows)
}

async function satisfaction(format: ExportFormat, filters: ReportFilters) {
  const data = await satisfactionIndex(filters)
  type Line = IndexValue & { name: string }
  const columns = (header: string): ExportColumn<Line>[] => [
    { key: 'name', label: header, width: 2.5 },
    numberColumn<Line>('index', 'Indeks', (row) => row.index, 'decimal'),
    { key: 'grade', label: 'Mutu', width: 0.5 },
    { key: 'grade_label', label: 'Kategori', width: 1.2 },
    numberColumn<Line>('responses', 'Kuesioner', (row) => row.responses),
  ]
  const groups = data.overall.responses
    ? [
        ...data.groups.map((group) => ({ ...group, name: group.title })),
        { ...data.overall, name: 'Keseluruhan' },
      ]
    : []
  const months = data.overall.responses
    ? data.months.map((month) => ({ ...month, name: month.label }))
    : []
  return [
    reportSection(format, 'Indeks Kepuasan per Kelompok', columns('Kelompok'), groups),
    reportSection(format, 'Indeks Kepuasan per Bulan', columns('Bulan'), months),
  ]
}

type MonthlyRow = { name: string; reports: HM[]; total: HM }

async function monthly(format: ExportFormat, filters: ReportFilters) {
  const data = await monthlyAlkes(filters)
  const columns: ExportColumn<MonthlyRow>[] = [
    { key: 'name', label: 'Alkes', width: 2 },
    ...data.months.flatMap((month, index) => [
      numberColumn<MonthlyRow>(`m${index}`, `${month.label} M`, (row) => row.reports[index].M),
      numberColumn<MonthlyRow>(`h${index}`, `${month.label} H`, (row) => row.reports[index].H),
    ]),
    numberColumn<MonthlyRow>('total_m', 'Total M', (row) => row.total.M),
    numberColumn<MonthlyRow>('total_h', 'Total H', (row) => row.total.H),
  ]
  const rows = data.alkes.length
    ? [...data.alkes, { name: 'Total', reports: data.totals, total: data.total }]
    : []
  return reportSection(format, 'Layanan Alkes PK per Bulan (M: masuk, H: hasil)', columns, rows)
}

type YearlyRow = {
  name: string
  province: string | null
  reports: { total: number }[]
  total: number
}

async function yearly(format: ExportFormat, filters: ReportFilters) {
  const data = await yearlyCity(filters)
  const columns: ExportColumn<YearlyRow>[] = [
    { key: 'name', label: 'Kota/Kabupaten', width: 2 },
    { key: 'province', label: 'Provinsi', width: 1.6 },
    ...data.years.map((year, index) =>
      numberColumn<YearlyRow>(`y${year}`, String(year), (row) => row.reports[index].total)
    ),
    numberColumn<YearlyRow>('total', 'Total', (row) => row.total),
  ]
  const rows = data.cities.length
    ? [...data.cities, { name: 'Total', province: null, ...data.totals }]
    : []
  const unit =
    filters.calculation === 'fasyankes' ? 'jumlah fasyankes dilayani' : 'jumlah layanan alat'
  return reportSection(format, `Layanan per Kota per Tahun (${unit})`, columns, rows)
}

export const REPORT_EXPORTS: Record<'service' | 'yearly' | 'alkes', ReportExport> = {
  service: {
    title: 'Laporan Layanan',
    fileName: 'laporan-layanan',
    dated: true,
    async sections(filters, format) {
      const [top, lowest, provinces, cities] = await Promise.all([
        rankFacilities(filters, 'top'),
        rankFacilities(filters, 'lowest'),
        provinceTable(filters),
        cityTable(filters),
      ])
      return [
        ranking(format, 'Fasyankes dengan Layanan Terbanyak', 'Fasyankes', top),
        ranking(format, 'Fasyankes dengan Layanan Tersedikit', 'Fasyankes', lowest),
        regionTable(format, 'Layanan per Provinsi', 'Provinsi', {
          ...provinces,
          regions: provinces.provinces,
        }),
        regionTable(format, 'Layanan per Kota/Kabupaten', 'Kota/Kabupaten', {
          ...cities,
          regions: cities.cities,
        }),
        ...(await satisfaction(format, filters)),
      ]
    },
  },
  yearly: {
    title: 'Laporan Tahunan',
    fileName: 'laporan-tahunan',
    dated: false,
    sections: async (filters, format) => [await yearly(format, filters)],
  },
  alkes: {
    title: 'Laporan Alkes',
    fileName: 'laporan-alkes',
    dated: true,
    async sections(filters, format) {
      const [top, lowest, provinces] = await Promise.all([
        rankAlkes(filters, 'top'),
        rankAlkes(filters, 'lowest'),
        provinceTable(filters, 'pk'),
      ])
      return [
        ranking(format, 'Alkes dengan Layanan Terbanyak', 'Alkes', top),
        ranking(format, 'Alkes dengan Layanan Tersedikit', 'Alkes', lowest),
        await monthly(format, filters),
        regionTable(format, 'Layanan Alkes PK per Provinsi', 'Provinsi', {
          ...provinces,
          regions: provinces.provinces,
        }),
      ]
    },
  },
}

/** The filters a report's file prints: its period (when dated), order type, province, calculation. */
export async function describeReportFilters(report: ReportExport, filters: ReportFilters) {
  const found = filters.province
    ? await db.from('provinces').where('code', filters.province).select('name').first()
    : null
  const province = filters.province ? (found?.name ?? filters.province) : 'Semua'
  const applied: AppliedFilter[] = []
  if (report.dated) {
    applied.push({
      label: 'Periode',
      value: `${formatDate(filters.startDate)} - ${formatDate(filters.endDate)}`,
    })
  }
  applied.push(
    { label: 'Jenis Order', value: ORDER_TYPE_FILTER_LABELS[filters.orderType] },
    { label: 'Provinsi', value: province },
    { label: 'Jenis Perhitungan', value: CALCULATION_LABELS[filters.calculation] }
  )
  return applied
}
