import { monitorEventLoopDelay } from 'node:perf_hooks'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#models/user'
import {
  XLSX_MIME,
  accountWithRole,
  assertRedirect,
  countRows,
  marker,
  rolesSplit,
} from './_support.js'
import { sheetDocument, sheetXml, workbookEntries, zip, type ZipEntry } from '#tests/helpers/zip'

/**
 * Spreadsheet bombs (issue 8, point 7): archives that are small on the wire
 * and huge, or dishonest, once unpacked. The batch upload must refuse them
 * from the ZIP's directory, before parsing, with a clear message, and change
 * nothing. The device (alkes) list stands for all four batch lists: they share
 * one reader.
 */

const HEADERS = [
  'Kode Alkes',
  'Nama Alkes',
  'Laboratorium',
  'Tarif',
  'Estimasi Menit',
  'Alat Datang',
  'Insitu',
  'Tuntung Saharian',
  'Pengujian KAN',
  'Kalibrasi KAN',
  'Keterangan Laik',
]

function deviceRow(code: string, name = `Patient Monitor ${code}`) {
  return [code, name, 'PK', 450000, 90, 'Ya', 'Tidak', 'Tidak', 'Ya', 'Ya', 'Ya']
}

async function editor() {
  return accountWithRole(rolesSplit('alkes.edit').allowed[0])
}

function upload(client: any, user: User, body: Buffer) {
  return client
    .post('/alkes/data/batch/update')
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .file('file', body, { filename: 'alkes.xlsx', contentType: XLSX_MIME })
    .redirects(0)
}

async function snapshot() {
  return { alkes: await countRows('alkes'), audits: await countRows('audit_logs') }
}

/** Deterministic filler text that deflates about 30:1 inside a sheet, like real repeated cells. */
function fillerText(length: number, seed = 7) {
  const words = ['Kalibrasi', 'Alat', 'Kesehatan', 'Rumah', 'Sakit', 'Daerah', 'Makassar', 'Lab']
  let state = seed
  let text = ''
  while (text.length < length) {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    text += `${words[(state >>> 16) % words.length]} `.repeat(12)
  }
  return text.slice(0, length)
}

/** One sheet of `rows` device rows, each followed by `extraCells` cells of filler text. */
function bulkySheet(rows: number, extraCells: number) {
  const parts = [sheetXml([HEADERS]).replace(/<\/sheetData>.*$/, '')]
  for (let r = 0; r < rows; r++) {
    const extra = Array.from({ length: extraCells }, () => fillerText(80, r + 1))
    parts.push(sheetXml([[...deviceRow(`BOMB${r}`), ...extra]], r + 2).match(/<row .*<\/row>/)![0])
  }
  parts.push('</sheetData></worksheet>')
  return parts.join('')
}

function compressedOf(archive: Buffer, entryName: string) {
  // Central directory records: sizes at +20 (compressed) and +24 (uncompressed), name at +46.
  const name = Buffer.from(entryName)
  for (let at = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at > 0;) {
    if (archive.subarray(at + 46, at + 46 + name.length).equals(name))
      return {
        compressed: archive.readUInt32LE(at + 20),
        uncompressed: archive.readUInt32LE(at + 24),
      }
    at = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1)
  }
  throw new Error(`no ${entryName}`)
}

test.group('Batch | spreadsheet bombs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('control: a small workbook from the same ZIP writer is accepted, also with data descriptors', async ({
    client,
    assert,
  }) => {
    const user = await editor()
    for (const dataDescriptor of [false, true]) {
      const code = marker('ZP').toUpperCase()
      const entries = workbookEntries(sheetXml([HEADERS, deviceRow(code)])).map((entry) => ({
        ...entry,
        dataDescriptor,
      }))
      const response = await upload(client, user, zip(entries))
      assertRedirect(assert, response, '/alkes/data')
      assert.equal(
        await countRows('alkes', { alkes_code: code }),
        1,
        `descriptor=${dataDescriptor}`
      )
    }
  })

  test('a 1.4 MB workbook that unpacks to 60 MB is refused from its ZIP directory with a clear message, and nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await editor()
    const body = zip(workbookEntries(bulkySheet(4500, 100)))
    const sheet = compressedOf(body, 'xl/worksheets/sheet1.xml')
    assert.isAbove(sheet.uncompressed, 45_000_000)
    assert.isBelow(body.length, 2_000_000)
    // Under 100:1, so the total size, not the ratio rule, must catch it.
    assert.isBelow(sheet.uncompressed / sheet.compressed, 100)
    const before = await snapshot()

    // Measured, not asserted (no timed assertions): how long the refusal takes, the longest
    // event-loop stall meanwhile, and how many sign-in pages another client got meanwhile.
    // Warm-up (first page render, first multipart parse), so the figures are the steady state.
    await client.get('/login')
    await upload(client, user, body)
    const stalls = monitorEventLoopDelay({ resolution: 5 })
    stalls.enable()
    const started = performance.now()
    let finished = false
    const refused = upload(client, user, body).then((response: any) => {
      finished = true
      return response
    })
    let served = 0
    let slowest = 0
    while (!finished) {
      const at = performance.now()
      const page = await client.get('/login')
      if (page.status() === 200) served++
      slowest = Math.max(slowest, performance.now() - at)
    }
    const response = await refused
    const elapsed = performance.now() - started
    stalls.disable()
    console.log(
      `[measure] ${(body.length / 1e6).toFixed(2)} MB bomb (${(sheet.uncompressed / 1e6).toFixed(0)} MB unpacked) refused in ${elapsed.toFixed(0)} ms; longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms; ` +
        `${served} sign-in pages served meanwhile, slowest ${slowest.toFixed(0)} ms; RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`
    )

    assertRedirect(assert, response, '/alkes/data/batch/edit')
    const outcome = response.flashMessages().batch
    assert.match(outcome.message, /^Isi berkas Excel terlalu besar/)
    assert.deepEqual(outcome.errors, [])
    assert.equal(response.flashMessages().inputErrorsBag?.file, outcome.message)
    assert.deepEqual(await snapshot(), before)
  })

  test('a part that deflates more than 100:1 is refused even when the total stays small', async ({
    client,
    assert,
  }) => {
    const user = await editor()
    const rows = [sheetXml([HEADERS]).match(/<row .*<\/row>/)![0]]
    const padding = `<row r="2"><c r="L2" t="inlineStr"><is><t>${'A'.repeat(4_000_000)}</t></is></c></row>`
    const body = zip(workbookEntries(sheetDocument(rows.join('') + padding)))
    const before = await snapshot()
    const response = await upload(client, user, body)
    assertRedirect(assert, response, '/alkes/data/batch/edit')
    assert.match(response.flashMessages().batch.message, /pemadatan tidak wajar/)
    assert.deepEqual(await snapshot(), before)
  })

  test('an archive whose directory understates a part (1 KB declared, 40 MB inside) is refused and nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await editor()
    const entries = workbookEntries(bulkySheet(4000, 100)).map((entry): ZipEntry =>
      entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, declaredSize: 1024 } : entry
    )
    for (const dataDescriptor of [false, true]) {
      const body = zip(entries.map((entry) => ({ ...entry, dataDescriptor })))
      const before = await snapshot()
      const response = await upload(client, user, body)
      assertRedirect(assert, response, '/alkes/data/batch/edit')
      assert.match(response.flashMessages().batch.message, /tidak dapat dibaca sebagai Excel/)
      assert.deepEqual(await snapshot(), before)
    }
  })

  test('an archive of 300 parts is refused', async ({ client, assert }) => {
    const user = await editor()
    const extra: ZipEntry[] = Array.from({ length: 300 }, (_, i) => ({
      name: `xl/media/image${i}.png`,
      data: `x${i}`,
    }))
    const body = zip([...workbookEntries(sheetXml([HEADERS, deviceRow('ZZPARTS')])), ...extra])
    const response = await upload(client, user, body)
    assertRedirect(assert, response, '/alkes/data/batch/edit')
    assert.match(response.flashMessages().batch.message, /terlalu banyak bagian/)
    assert.equal(await countRows('alkes', { alkes_code: 'ZZPARTS' }), 0)
  })

  test('a sheet of 5,001 data rows is refused at the row limit and nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await editor()
    const rows = Array.from({ length: 5001 }, (_, i) => deviceRow(`LIM${i}`))
    const before = await snapshot()
    const response = await upload(client, user, zip(workbookEntries(sheetXml([HEADERS, ...rows]))))
    assertRedirect(assert, response, '/alkes/data/batch/edit')
    assert.match(response.flashMessages().batch.message, /maksimal 5000 baris sekali unggah/)
    assert.deepEqual(await snapshot(), before)
  })
})
