import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import {
  coolExportProcess,
  exportProcessStatus,
  fileInExportProcess,
  warmExportProcess,
} from '#lists/exports/export_process'
import type { Cell, TableHead } from '#lists/exports/table_document'

const HEAD: TableHead = {
  title: 'Daftar Uji',
  filters: [{ label: 'Status', value: 'SELESAI' }],
  printedAt: '25 November 2026 09:00 WITA',
  columns: [
    { label: 'Nama' },
    { label: 'Jumlah', format: 'number' },
    { label: 'Tanggal', format: 'date' },
  ],
  totals: [{ label: 'Total', value: '3 baris' }],
}

/**
 * Chunks of rows, counting how many were asked for and whether the reading was ended; `noisy`
 * rows carry random text, which does not compress (an xlsx is a zip: repeated rows would take
 * almost no bytes, and the download's buffer would never fill).
 */
function source(chunks: number, size: number, noisy = false) {
  const seen = { asked: 0, ended: false }
  async function* rows() {
    try {
      for (let c = 0; c < chunks; c++) {
        seen.asked++
        yield Array.from({ length: size }, (_, i): Cell[] => [
          `Alat ${c * size + i + 1}${noisy ? ` ${randomBytes(24).toString('hex')}` : ''}`,
          c * size + i + 1,
          new Date(Date.UTC(2026, 0, 1 + i)),
        ])
      }
    } finally {
      seen.ended = true
    }
  }
  return { rows: rows(), seen }
}

async function bytesOf(file: Readable) {
  const parts: Buffer[] = []
  for await (const part of file) parts.push(part)
  return Buffer.concat(parts)
}

test.group('Documents | export process', (group) => {
  group.each.timeout(30_000)

  test('an Excel file written by the export process holds the head, every row typed, and the totals', async ({
    assert,
  }) => {
    const { rows, seen } = source(3, 4)
    const file = await bytesOf(fileInExportProcess('excel', HEAD, rows))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file as any)
    const sheet = book.getWorksheet('Data')!
    assert.equal(sheet.getCell('A1').value, 'Daftar Uji')
    assert.equal(sheet.getCell('A2').value, 'Filter: Status: SELESAI')
    assert.deepEqual(sheet.getRow(5).values, [undefined, 'No', 'Nama', 'Jumlah', 'Tanggal'] as any)
    assert.deepEqual(sheet.getRow(6).values, [
      undefined,
      1,
      'Alat 1',
      1,
      new Date(Date.UTC(2026, 0, 1)),
    ] as any)
    assert.equal(sheet.getRow(17).getCell(2).value, 'Alat 12')
    assert.equal(sheet.getRow(19).getCell(1).value, 'Total')
    assert.deepEqual(seen, { asked: 3, ended: true })
    assert.equal(exportProcessStatus().exports, 0)
  })

  test('a PDF is written the same way and two exports run side by side', async ({ assert }) => {
    const [pdf, excel] = await Promise.all([
      bytesOf(fileInExportProcess('pdf', HEAD, source(2, 50).rows)),
      bytesOf(fileInExportProcess('excel', HEAD, source(2, 50).rows)),
    ])
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')
    assert.match(pdf.subarray(-8).toString(), /%%EOF/)
    assert.equal(excel.subarray(0, 2).toString(), 'PK')
    assert.include(exportProcessStatus(), { started: true, exports: 0 })
  })

  test('rows are read no faster than the file is downloaded, and a closed download stops the reading', async ({
    assert,
  }) => {
    const { rows, seen } = source(10_000, 100, true)
    const file = fileInExportProcess('excel', HEAD, rows)
    try {
      file.pause()
      await once(file, 'readable')
      // Nobody reads: once the download's buffer and the writer's own are full, the reading
      // stops (the count of chunks asked for stays put for half a second), far from the end.
      let before = -1
      for (let look = 0; look < 20 && seen.asked !== before; look++) {
        before = seen.asked
        await new Promise((resume) => setTimeout(resume, 500))
      }
      assert.equal(seen.asked, before)
      assert.isBelow(seen.asked, 2_000)
      assert.equal(exportProcessStatus().exports, 1)
    } finally {
      file.destroy()
    }
    await new Promise((resume) => setTimeout(resume, 100))
    assert.isTrue(seen.ended)
    assert.equal(exportProcessStatus().exports, 0)
  })

  test('a row the writer cannot take fails the file instead of hanging it', async ({ assert }) => {
    async function* rows(): AsyncGenerator<Cell[][]> {
      yield [['ok', 1, null]]
      throw new Error('baca gagal')
    }
    const file = fileInExportProcess('excel', HEAD, rows())
    await assert.rejects(() => bytesOf(file), 'baca gagal')
    assert.equal(exportProcessStatus().exports, 0)
  })

  test('an export process that dies fails the files it was writing, and the next export starts a new one', async ({
    assert,
  }) => {
    const { rows } = source(10_000, 100, true)
    const file = fileInExportProcess('excel', HEAD, rows)
    file.pause()
    await once(file, 'readable')
    const { pid } = exportProcessStatus()
    assert.isNumber(pid)
    process.kill(pid!, 'SIGKILL')
    const [error] = await once(file, 'error')
    assert.equal(error.message, 'Pembuat berkas berhenti sebelum selesai')
    assert.include(exportProcessStatus(), { started: false, exports: 0 })

    const next = await bytesOf(fileInExportProcess('pdf', HEAD, source(1, 10).rows))
    assert.equal(next.subarray(0, 5).toString(), '%PDF-')
    assert.notEqual(exportProcessStatus().pid, pid)
  })

  test('a server keeps a warm process: after an export and a few idle seconds a fresh one replaces it, and the old one has exited', async ({
    assert,
  }) => {
    warmExportProcess()
    try {
      const first = exportProcessStatus()
      assert.isTrue(first.started)
      await bytesOf(fileInExportProcess('excel', HEAD, source(1, 10).rows))
      await new Promise((resume) => setTimeout(resume, 6000))
      const later = exportProcessStatus()
      assert.isTrue(later.started)
      assert.notEqual(later.pid, first.pid)
      // Gone, with everything it held: signal 0 only asks whether the process exists.
      assert.throws(() => process.kill(first.pid!, 0), /ESRCH/)
      // The fresh process writes the next export.
      const file = await bytesOf(fileInExportProcess('pdf', HEAD, source(1, 10).rows))
      assert.equal(file.subarray(0, 5).toString(), '%PDF-')
    } finally {
      coolExportProcess()
    }
    assert.isFalse(exportProcessStatus().started)
  })
})
