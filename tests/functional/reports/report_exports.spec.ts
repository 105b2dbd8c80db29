import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type ExcelJS from 'exceljs'
import lab from '#config/lab'
import { binary, pdfText, userWithRole } from '#tests/functional/internal_orders/_support'
import { readWorkbook, rowValues } from '#tests/functional/master_data/_support'
import { in2019, reportWorld } from '#tests/functional/reports/_support'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function download(client: any, path: string, query: Record<string, string>) {
  const response = await binary(
    client
      .get(path)
      .qs(query)
      .loginAs(await userWithRole('admin_pk'))
  )
  response.assertStatus(200)
  return response
}

/** The row of a sheet whose first cell after `No` is `name`: its cells as stored. */
function sheetRow(sheet: ExcelJS.Worksheet, name: string) {
  for (let n = 1; n <= sheet.rowCount; n++) {
    const values = rowValues(sheet, n)
    if (values[1] === name) return values
  }
  throw new Error(`no row ${name} in ${sheet.name}`)
}

const flat = (buffer: Buffer) => pdfText(buffer).replace(/\s+/g, ' ')

test.group('Reports | exports of the report pages (issue 35, item 7)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Laporan Layanan: one PDF under the letterhead with its filters and every table', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const { A1 } = world.facilities
    const province = await db.from('provinces').where('code', world.provinceA).first()
    const pdf = await download(
      client,
      '/report/service/print/pdf',
      in2019({ province: world.provinceA, order_type: 'internal' })
    )
    assert.equal(pdf.header('content-type'), 'application/pdf')
    const text = flat(pdf.body() as Buffer)
    for (const expected of [
      lab.name,
      'Laporan Layanan',
      'Periode: 1 Januari 2019 - 31 Desember 2019',
      'Jenis Order: Alat Datang (DT)',
      `Provinsi: ${province.name}`,
      'Jenis Perhitungan: Layanan per Alkes',
      'Fasyankes dengan Layanan Terbanyak',
      'Fasyankes dengan Layanan Tersedikit',
      'Layanan per Provinsi',
      'Layanan per Kota/Kabupaten',
      'Indeks Kepuasan per Kelompok',
      A1.name,
    ]) {
      assert.include(text, expected)
    }
    assert.notInclude(text, 'Dibuat oleh,')
  })

  test('Laporan Layanan in Excel: a sheet per table, counts stored as numbers', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const { A1 } = world.facilities
    const excel = await download(client, '/report/service/print/excel', in2019())
    assert.equal(excel.header('content-type'), XLSX)
    const workbook = await readWorkbook(excel.body() as Buffer)
    assert.includeMembers(
      workbook.worksheets.map((sheet) => sheet.name),
      [
        'Fasyankes Terbanyak',
        'Fasyankes Tersedikit',
        'Layanan per Provinsi',
        'Layanan per Kota Kabupaten',
        'Indeks Kepuasan per Kelompok',
        'Indeks Kepuasan per Bulan',
      ]
    )
    const top = workbook.worksheets[0]
    assert.equal(
      top.getRow(1).getCell(1).value,
      'Laporan Layanan: Fasyankes dengan Layanan Terbanyak'
    )
    assert.include(String(top.getRow(2).getCell(1).value), 'Periode: 1 Januari 2019')
    const row = sheetRow(top, A1.name)
    assert.strictEqual(row[2], 3)
    assert.equal(top.getRow(5).getCell(3).value, 'Jumlah Layanan')
    const provinces = workbook.getWorksheet('Layanan per Provinsi')!
    const total = sheetRow(provinces, 'Total')
    assert.isNumber(total.at(-1))
    assert.equal(provinces.getColumn(total.length).numFmt, '#,##0.00')
  })

  test('Laporan Alkes: the monthly M and H as numbers; the PDF names the device types', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const query = { start_date: '2019-01-01', end_date: '2019-04-30' }
    const excel = await download(client, '/report/alkes/print/excel', query)
    const workbook = await readWorkbook(excel.body() as Buffer)
    const monthly = workbook.worksheets[2]
    const header = rowValues(monthly, 5)
    assert.deepEqual(header.slice(0, 4), ['No', 'Alkes', 'Jan 2019 M', 'Jan 2019 H'])
    const x = sheetRow(monthly, world.alkes.X.name)
    // Jan M 2, Jan H 1, Feb M 1, Feb H 1, then Mar and Apr, and the totals M 3, H 2.
    assert.deepEqual(x.slice(2), [2, 1, 1, 1, 0, 0, 0, 0, 3, 2])
    const pdf = await download(client, '/report/alkes/print/pdf', query)
    const text = flat(pdf.body() as Buffer)
    for (const expected of [
      lab.name,
      'Laporan Alkes',
      'Periode: 1 Januari 2019 - 30 April 2019',
      'Alkes dengan Layanan Terbanyak',
      'Layanan Alkes PK per Provinsi',
      world.alkes.X.name,
    ]) {
      assert.include(text, expected)
    }
  })

  test('Laporan Tahunan: every year, no period printed; bad filters answer 422', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const excel = await download(client, '/report/yearly/print/excel', {
      province: world.provinceA,
    })
    const workbook = await readWorkbook(excel.body() as Buffer)
    const sheet = workbook.worksheets[0]
    assert.deepEqual(rowValues(sheet, 5), [
      'No',
      'Kota/Kabupaten',
      'Provinsi',
      '2019',
      '2020',
      'Total',
    ])
    const city = await db.from('regencies').where('code', world.cityA1).first()
    assert.deepEqual(sheetRow(sheet, city.name).slice(3), [6, 1, 7])
    const pdf = await download(client, '/report/yearly/print/pdf', { province: world.provinceA })
    const text = flat(pdf.body() as Buffer)
    assert.include(text, 'Laporan Tahunan')
    assert.include(text, 'Jenis Perhitungan: Layanan per Alkes')
    assert.notInclude(text, 'Periode:')
    assert.include(text, city.name)

    const refused = await client
      .get('/report/service/print/pdf')
      .qs({ start_date: '2019-05-01', end_date: '2019-01-01' })
      .loginAs(await userWithRole('admin_pk'))
    refused.assertStatus(422)
    const facility = await client
      .get('/report/alkes/print/excel')
      .loginAs(await userWithRole('fasyankes'))
    assert.equal(facility.status(), 403)
  })
})
