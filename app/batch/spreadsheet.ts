import ExcelJS from 'exceljs'
import type { BatchColumn, BatchDefinition } from '#batch/batch_definition'

export class BatchFileError extends Error {}

export const MAX_BATCH_ROWS = 5000

/** Plain value of an exceljs cell: rich text, hyperlinks and formulas reduced to what they show. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value) return plain(value.text as ExcelJS.CellValue)
    if ('result' in value) return plain(value.result as ExcelJS.CellValue)
    if ('error' in value) return null
  }
  return value
}

function normalizeHeader(text: unknown) {
  return String(text ?? '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
}

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet. */
  number: number
  values: Record<string, unknown>
}

/** Reads the first sheet: the header row names the columns, every non-empty row after it is data. */
export async function readRows(buffer: Buffer, columns: BatchColumn[]): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  } catch {
    throw new BatchFileError(
      'Berkas tidak dapat dibaca sebagai Excel (.xlsx). Gunakan berkas format yang disediakan.'
    )
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new BatchFileError('Berkas tidak memiliki lembar kerja.')

  const byHeader = new Map(columns.map((column) => [normalizeHeader(column.header), column.field]))
  const positions = new Map<number, string>()
  sheet.getRow(1).eachCell((cell, col) => {
    const field = byHeader.get(normalizeHeader(plain(cell.value)))
    if (field) positions.set(col, field)
  })
  const found = new Set(positions.values())
  const missing = columns.filter((column) => column.required && !found.has(column.field))
  if (missing.length) {
    throw new BatchFileError(
      `Kolom ${missing.map((c) => `"${c.header}"`).join(', ')} tidak ditemukan. Gunakan berkas format terbaru.`
    )
  }

  const rows: SheetRow[] = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return
    const values: Record<string, unknown> = {}
    let filled = false
    for (const [col, field] of positions) {
      let value = plain(row.getCell(col).value)
      if (typeof value === 'string') value = value.trim() === '' ? null : value.trim()
      if (value !== null) filled = true
      values[field] = value
    }
    if (filled) rows.push({ number, values })
  })
  if (rows.length === 0)
    throw new BatchFileError(
      'Berkas tidak berisi data. Isi minimal satu baris di bawah judul kolom.'
    )
  if (rows.length > MAX_BATCH_ROWS) {
    throw new BatchFileError(
      `Berkas berisi ${rows.length} baris; maksimal ${MAX_BATCH_ROWS} baris sekali unggah.`
    )
  }
  return rows
}

/** The format file: the header row, one example row, and a sheet explaining each column. */
export async function formatWorkbook(definition: BatchDefinition): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Kalibra'
  const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] })
  data.columns = definition.columns.map((column) => ({
    header: column.header,
    key: column.field,
    width: Math.max(14, column.header.length + 4),
  }))
  data.getRow(1).font = { bold: true }
  data.getRow(1).eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFCCFBF1' } }
  })
  data.addRow(
    Object.fromEntries(definition.columns.map((column) => [column.field, column.example]))
  )

  const help = workbook.addWorksheet('Petunjuk')
  help.columns = [
    { header: 'Kolom', key: 'header', width: 28 },
    { header: 'Wajib', key: 'required', width: 10 },
    { header: 'Keterangan', key: 'description', width: 80 },
    { header: 'Contoh', key: 'example', width: 28 },
  ]
  help.getRow(1).font = { bold: true }
  for (const column of definition.columns) {
    help.addRow({ ...column, required: column.required ? 'Ya' : 'Tidak' })
  }
  help.addRow({})
  help.addRow({
    header: 'Catatan',
    description: `Baris dicocokkan dengan data yang ada melalui kolom "${definition.columns.find((c) => c.field === definition.keyField)?.header}": bila cocok data diperbarui, bila tidak data baru dibuat. Bila satu baris saja salah, seluruh berkas ditolak dan tidak ada data yang berubah. Hapus baris contoh sebelum mengunggah.`,
  })
  help.getColumn('description').alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
