import ExcelJS from 'exceljs'
import type Order from '#models/order'
import { loadForDocument } from '#documents/orders/order_document_data'

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

const FORMATS = {
  aspak: {
    title: 'Format ASPAK',
    columns: [
      ['Kode ASPAK', (r: FormatRow) => r.aspakCode ?? ''],
      ['Nama Alat', (r: FormatRow) => r.alkes],
      ['Merk', (r: FormatRow) => r.merk ?? ''],
      ['Tipe/Model', (r: FormatRow) => r.model ?? ''],
      ['Nomor Seri', (r: FormatRow) => r.serialNumber ?? ''],
      ['Tanggal Kalibrasi', (r: FormatRow) => r.workDate ?? ''],
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
      ['Tarif (Rp)', (r: FormatRow) => r.price],
      ['Nomor Sertifikat', (r: FormatRow) => r.certificateNumber ?? ''],
      ['Tanggal Pengerjaan', (r: FormatRow) => r.workDate ?? ''],
    ],
  },
} as const

/** ASPAK and SRIKANDI spreadsheets generated from an order's device results. */
export async function orderFormatXlsx(kind: keyof typeof FORMATS, order: Order) {
  const devices = await loadForDocument(order)
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
  sheet.columns = format.columns.map(([header]) => ({
    header,
    width: Math.max(16, header.length + 4),
  }))
  sheet.getRow(1).font = { bold: true }
  for (const row of rows) sheet.addRow(format.columns.map(([, value]) => value(row)))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
