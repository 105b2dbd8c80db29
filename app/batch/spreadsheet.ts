import type { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { BatchColumn, BatchDefinition } from '#batch/batch_definition'
import { cleanInput } from '#services/control_characters'
import {
  XLSX_LIMITS,
  UnsafeArchiveError,
  checkedWorkbookStream,
  type ArchiveProblem,
} from '#batch/xlsx_archive'

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

const UNREADABLE =
  'Berkas tidak dapat dibaca sebagai Excel (.xlsx). Gunakan berkas format yang disediakan.'

const ARCHIVE_MESSAGES: Record<ArchiveProblem, string> = {
  unreadable: UNREADABLE,
  too_large: `Isi berkas Excel terlalu besar setelah dibuka (lebih dari ${XLSX_LIMITS.maxUnpackedBytes / 1024 / 1024} MB). Gunakan berkas format yang disediakan, maksimal ${MAX_BATCH_ROWS} baris.`,
  too_many_parts: `Berkas Excel berisi terlalu banyak bagian (lebih dari ${XLSX_LIMITS.maxParts}). Gunakan berkas format yang disediakan.`,
  suspicious_ratio:
    'Berkas Excel berisi bagian dengan pemadatan tidak wajar sehingga ditolak. Gunakan berkas format yang disediakan.',
}

type StreamedSheet = AsyncIterable<ExcelJS.Row> & { name?: string }

/**
 * The workbook's first tab. The reader names a sheet part after the tab that
 * the workbook relationships point to; a part it cannot name (an unusual
 * relationship target) counts as first only when it is the first sheet part.
 */
function isFirstSheet(reader: unknown, sheet: StreamedSheet, partIndex: number) {
  const tabs: { name: string }[] =
    (reader as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []
  if (!tabs.length) return partIndex === 0
  if (tabs.some((tab) => tab.name === sheet.name)) return tabs[0].name === sheet.name
  return partIndex === 0
}

function headerPositions(header: ExcelJS.Row | null, columns: BatchColumn[]) {
  const byHeader = new Map(columns.map((column) => [normalizeHeader(column.header), column.field]))
  const positions = new Map<number, string>()
  header?.eachCell((cell, col) => {
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
  return positions
}

/** Row 1 names the columns; every non-empty row after it is data, up to the row limit. */
async function sheetRows(sheet: StreamedSheet, columns: BatchColumn[]) {
  let positions: Map<number, string> | null = null
  const rows: SheetRow[] = []
  for await (const row of sheet) {
    if (!positions) {
      positions = headerPositions(row.number === 1 ? row : null, columns)
      if (row.number === 1) continue
    }
    const values: Record<string, unknown> = {}
    let filled = false
    for (const [col, field] of positions) {
      let value = plain(row.getCell(col).value)
      // Cells go through the same control-character cleaning as form fields.
      if (typeof value === 'string') value = cleanInput(value, field).trim() || null
      if (value !== null) filled = true
      values[field] = value
    }
    if (!filled) continue
    rows.push({ number: row.number, values })
    // Stop reading here: the rest of the sheet is never parsed.
    if (rows.length > MAX_BATCH_ROWS) {
      throw new BatchFileError(
        `Berkas berisi lebih dari ${MAX_BATCH_ROWS} baris; maksimal ${MAX_BATCH_ROWS} baris sekali unggah.`
      )
    }
  }
  if (!positions) headerPositions(null, columns)
  if (rows.length === 0)
    throw new BatchFileError(
      'Berkas tidak berisi data. Isi minimal satu baris di bawah judul kolom.'
    )
  return rows
}

/**
 * Reads the first sheet of an uploaded workbook. The archive is checked from
 * its ZIP directory first (xlsx_archive.ts); then rows are streamed, so an
 * upload never holds the event loop for long nor the whole workbook in memory.
 */
export async function readRows(buffer: Buffer, columns: BatchColumn[]): Promise<SheetRow[]> {
  let parts: Readable
  try {
    parts = await checkedWorkbookStream(buffer)
  } catch (error) {
    if (error instanceof UnsafeArchiveError)
      throw new BatchFileError(ARCHIVE_MESSAGES[error.problem])
    throw error
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(parts, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  // Sheets are parsed as they stream only once shared strings and relationships are known;
  // otherwise the reader spools them to temporary files. The archive stream puts those parts
  // first, and these empty defaults cover a workbook that has none (inline strings).
  Object.assign(reader, { sharedStrings: [], workbookRels: [] })
  try {
    let partIndex = 0
    for await (const sheet of reader as AsyncIterable<StreamedSheet>) {
      if (isFirstSheet(reader, sheet, partIndex++)) return await sheetRows(sheet, columns)
    }
  } catch (error) {
    if (error instanceof BatchFileError) throw error
    throw new BatchFileError(UNREADABLE)
  }
  throw new BatchFileError('Berkas tidak memiliki lembar kerja.')
}

/** The format file: the header row, one example row, and a sheet explaining each column. */
/** ExcelJS keeps range validations (one `sqref` per column) but leaves them out of its types. */
function rangeValidations(sheet: ExcelJS.Worksheet) {
  return (
    sheet as unknown as {
      dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void }
    }
  ).dataValidations
}

/**
 * A drop-down on every data row of each column with fixed values. The values
 * sit in a hidden sheet (an inline list is limited to 255 characters).
 */
async function addChoices(
  workbook: ExcelJS.Workbook,
  data: ExcelJS.Worksheet,
  definition: BatchDefinition
) {
  const withChoices = definition.columns.filter((column) => column.choices)
  if (!withChoices.length) return
  const lists = workbook.addWorksheet('Pilihan', { state: 'hidden' })
  for (const [index, column] of withChoices.entries()) {
    const values =
      typeof column.choices === 'function' ? await column.choices() : [...column.choices!]
    const letter = lists.getColumn(index + 1).letter
    values.forEach((value, row) => (lists.getCell(row + 1, index + 1).value = value))
    const dataLetter = data.getColumn(definition.columns.indexOf(column) + 1).letter
    rangeValidations(data).add(`${dataLetter}2:${dataLetter}${MAX_BATCH_ROWS + 1}`, {
      type: 'list',
      allowBlank: !column.required,
      formulae: [`Pilihan!$${letter}$1:$${letter}$${Math.max(values.length, 1)}`],
      showErrorMessage: true,
      errorTitle: column.header,
      error: `Pilih salah satu nilai ${column.header} dari daftar.`,
    })
  }
}

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
  // No example row here: the examples are in the Petunjuk sheet, so the file uploaded
  // unchanged holds no data. Columns with fixed values get a drop-down of them.
  await addChoices(workbook, data, definition)

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
    description: `Baris dicocokkan dengan data yang ada melalui kolom "${definition.columns.find((c) => c.field === definition.keyField)?.header}": bila cocok data diperbarui, bila tidak data baru dibuat. Bila satu baris saja salah, seluruh berkas ditolak dan tidak ada data yang berubah. Kolom dengan pilihan tetap menyediakan daftar pilihan di setiap sel.`,
  })
  help.getColumn('description').alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
