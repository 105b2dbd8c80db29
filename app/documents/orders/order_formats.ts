import ExcelJS from 'exceljs'
import type Order from '#models/order'
import { loadForDocument } from '#documents/orders/order_document_data'
import { subOrdersOf } from '#queries/orders/order_devices'

export interface FormatRow {
  number: string
  facility: string
  aspakCode: string | null
  alkes: string
  merk: string | null
  model: string | null
  serialNumber: string | null
  workDate: string | null
  isLaik: boolean | null
  certificateNumber: string | null
  price: number
  status: string
}

/**
 * A column's typed format, as in every other export (table_xlsx.ts): a date is a date cell
 * shown dd/mm/yyyy, a tariff a number shown in rupiah (issue 35, item 14). Neither sheet is
 * bound to a text-date import template: the spec and the lab name none. Should ASPAK's or
 * SRIKANDI's import ever demand dates as text, that column alone changes here, with the
 * template named beside it.
 */
const TYPED = { date: 'dd/mm/yyyy', rupiah: '"Rp" #,##0' } as const

/** A YYYY-MM-DD day as a date cell (midnight UTC: the spreadsheet shows that very day). */
const dayCell = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : '')

const FORMATS = {
  aspak: {
    title: 'Format ASPAK',
    columns: [
      ['Kode ASPAK', (r: FormatRow) => r.aspakCode ?? ''],
      ['Nama Alat', (r: FormatRow) => r.alkes],
      ['Merk', (r: FormatRow) => r.merk ?? ''],
      ['Tipe/Model', (r: FormatRow) => r.model ?? ''],
      ['Nomor Seri', (r: FormatRow) => r.serialNumber ?? ''],
      ['Tanggal Kalibrasi', (r: FormatRow) => dayCell(r.workDate), TYPED.date],
      ['Hasil', (r: FormatRow) => (r.isLaik === null ? '' : r.isLaik ? 'LAIK' : 'TIDAK LAIK')],
      ['Nomor Sertifikat', (r: FormatRow) => r.certificateNumber ?? ''],
    ],
  },
  srikandi: {
    title: 'Format SRIKANDI',
    columns: [
      ['Nomor Order', (r: FormatRow) => r.number],
      ['Fasyankes', (r: FormatRow) => r.facility],
      ['Nama Alat', (r: FormatRow) => r.alkes],
      ['Nomor Seri', (r: FormatRow) => r.serialNumber ?? ''],
      ['Status', (r: FormatRow) => r.status],
      ['Tarif (Rp)', (r: FormatRow) => r.price, TYPED.rupiah],
      ['Nomor Sertifikat', (r: FormatRow) => r.certificateNumber ?? ''],
      ['Tanggal Pengerjaan', (r: FormatRow) => dayCell(r.workDate), TYPED.date],
    ],
  },
} as const

/**
 * How many device lines one file of a format holds: an on-site order's formats are split per
 * sub-order number into parts of this many lines (spec: files listed per sub-order number, part
 * and range), so each stays a size the national systems' import takes.
 */
export const FORMAT_PART_SIZE = 50

export interface FormatPart {
  sub_order_number: string
  part: number
  /** The lines of the sub-order it holds, `1-50`. */
  range: string
  deviceIds: number[]
}

/** An order's format files: per sub-order number, its lines in parts of FORMAT_PART_SIZE. */
export async function formatParts(order: Order): Promise<FormatPart[]> {
  const parts: FormatPart[] = []
  for (const [number, devices] of await subOrdersOf(order)) {
    for (let start = 0; start < devices.length; start += FORMAT_PART_SIZE) {
      const lines = devices.slice(start, start + FORMAT_PART_SIZE)
      parts.push({
        sub_order_number: number,
        part: start / FORMAT_PART_SIZE + 1,
        range: `${start + 1}-${start + lines.length}`,
        deviceIds: lines.map((device) => device.id),
      })
    }
  }
  return parts
}

/** ASPAK and SRIKANDI spreadsheets generated from an order's device results (or one part's). */
export async function orderFormatXlsx(
  kind: keyof typeof FORMATS,
  order: Order,
  part?: Pick<FormatPart, 'deviceIds'>
) {
  const all = await loadForDocument(order)
  const devices = part ? all.filter((device) => part.deviceIds.includes(device.id)) : all
  const rows: FormatRow[] = devices.map((d) => ({
    number: order.number,
    facility: order.fasyankes.fasyankesName,
    aspakCode: d.alkes.aspakCode,
    alkes: d.alkes.name,
    merk: d.merk,
    model: d.model,
    serialNumber: d.serialNumber,
    workDate: d.workDate?.toISODate() ?? null,
    isLaik: d.isLaik,
    certificateNumber: d.certificateNumber,
    price: d.price,
    status: d.status,
  }))
  const format = FORMATS[kind]
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Kalibra'
  const sheet = workbook.addWorksheet(format.title)
  sheet.columns = format.columns.map(([header, , numFmt]: readonly unknown[]) => ({
    header: header as string,
    width: Math.max(16, (header as string).length + 4),
    style: numFmt ? { numFmt: numFmt as string } : {},
  }))
  sheet.getRow(1).font = { bold: true }
  for (const row of rows) sheet.addRow(format.columns.map(([, value]) => value(row)))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
