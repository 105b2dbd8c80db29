import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import { alkesBatch } from '#batch/alkes_batch'
import { calibratorBatch } from '#batch/calibrator_batch'
import { MAX_BATCH_ROWS, readRows } from '#batch/spreadsheet'

/**
 * The streaming reader behind every batch upload (issue 8, point 7): the
 * largest honest file (5,000 rows of the widest list, long distinct values)
 * passes the archive bounds, and cells read as before (rich text, formulas,
 * hyperlinks, dates, the first tab whatever its position).
 */

const columns = alkesBatch.columns

test.group('Batch reader | streaming', () => {
  test('the format file filled with 5,000 rows of long distinct values is read in full', async ({
    assert,
  }) => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Data')
    sheet.addRow(columns.map((column) => column.header))
    for (let i = 0; i < MAX_BATCH_ROWS; i++)
      sheet.addRow(
        columns.map((_, c) => (c === 0 ? `KODE-${i}` : randomBytes(45).toString('base64')))
      )
    workbook.addWorksheet('Petunjuk').addRow(['Kolom', 'Keterangan'])
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer())

    const rows = await readRows(buffer, columns)
    assert.lengthOf(rows, MAX_BATCH_ROWS)
    assert.equal(rows[0].number, 2)
    assert.equal(rows[0].values.alkes_code, 'KODE-0')
    assert.equal(rows[MAX_BATCH_ROWS - 1].values.alkes_code, `KODE-${MAX_BATCH_ROWS - 1}`)
    assert.isBelow(buffer.length, 5 * 1024 * 1024, 'within the upload limit')
  }).timeout(60_000)

  test('rich text, formulas, hyperlinks and dates read as what the cell shows; the first tab is read even when it is not the first sheet part', async ({
    assert,
  }) => {
    const workbook = new ExcelJS.Workbook()
    // Added first (sheet1.xml) but moved behind the data tab below.
    const other = workbook.addWorksheet('Petunjuk')
    other.addRow(['Nomor Seri', 'Nama Kalibrator'])
    other.addRow(['SALAH', 'Lembar yang salah'])
    const sheet = workbook.addWorksheet('Data')
    // Tab order (not in exceljs' types): the data tab comes first.
    Object.assign(sheet, { orderNo: -1 })
    sheet.addRow(calibratorBatch.columns.map((column) => column.header))
    const row = sheet.addRow([])
    row.getCell(1).value = { richText: [{ text: 'SN-' }, { font: { bold: true }, text: '001' }] }
    row.getCell(2).value = { formula: 'CONCAT("Gas ","Flow")', result: 'Gas Flow' }
    row.getCell(3).value = { text: 'Fluke', hyperlink: 'https://www.fluke.com' }
    row.getCell(6).value = 4
    row.getCell(10).value = new Date(Date.UTC(2026, 0, 20))
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer())

    const rows = await readRows(buffer, calibratorBatch.columns)
    assert.lengthOf(rows, 1)
    const values = rows[0].values
    assert.equal(values.serial_number, 'SN-001')
    assert.equal(values.name, 'Gas Flow')
    assert.equal(values.merk, 'Fluke')
    assert.equal(values.channel_count, 4)
    assert.instanceOf(values.last_calibration_date, Date)
    assert.equal((values.last_calibration_date as Date).toISOString().slice(0, 10), '2026-01-20')
  })
})
