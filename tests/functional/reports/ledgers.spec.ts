import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { binary, pdfText, userWithRole } from '#tests/functional/internal_orders/_support'
import { exportedTable } from '#tests/functional/master_data/_support'
import { in2019, reportWorld } from '#tests/functional/reports/_support'
import lab from '#config/lab'

const admin = () => userWithRole('admin_pk')
const asAdmin = async (request: any) => request.loginAs(await admin())

test.group('Reports | berita acara and PNBP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('berita acara: the orders finished in the range, with totals per order type', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const response = await asAdmin(client.get('/report/berita-acara/datatable').qs(in2019()))
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(
      body.data.map((row: any) => [
        row.number,
        row.type_label,
        row.formatted_date,
        row.device_count,
      ]),
      [[world.orders.O1.number, 'DT', '5 Februari 2019', 2]]
    )
    assert.equal(body.data[0].formatted_total_price, 'Rp 200.000')
    assert.include(body.summary, {
      orders: 1,
      devices: 2,
      amount: 200_000,
      internal_orders: 1,
      insitu_orders: 0,
      insitu_amount: 0,
    })
    const insitu = await asAdmin(
      client.get('/report/berita-acara/datatable').qs(in2019({ order_type: 'insitu' }))
    )
    assert.deepEqual(insitu.body().data, [])
    assert.equal(insitu.body().summary.amount, 0)
  })

  test('PNBP: the payments confirmed in the range, exported to PDF and Excel', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const rows = await asAdmin(client.get('/report/pnbp/datatable').qs(in2019()))
    assert.deepEqual(
      rows.body().data.map((row: any) => [row.number, row.formatted_date]),
      [[world.orders.O1.number, '10 Februari 2019']]
    )
    const outside = await asAdmin(
      client.get('/report/pnbp/datatable').qs({ start_date: '2019-02-11', end_date: '2019-12-31' })
    )
    assert.deepEqual(outside.body().data, [])

    const pdf = await binary(
      client
        .get('/report/pnbp/print/pdf')
        .qs(in2019())
        .loginAs(await admin())
    )
    pdf.assertStatus(200)
    const text = pdfText(pdf.body() as Buffer).replace(/\s+/g, ' ')
    for (const expected of [
      'Laporan PNBP',
      world.orders.O1.number,
      world.facilities.A1.name,
      'Alat Datang (DT): 1 order, 2 alat, Rp 200.000',
      'Total: 1 order, 2 alat, Rp 200.000',
    ]) {
      assert.include(text, expected)
    }
    const excel = await binary(
      client
        .get('/report/pnbp/print/excel')
        .qs(in2019())
        .loginAs(await admin())
    )
    excel.assertStatus(200)
    const table = await exportedTable(excel.body() as Buffer)
    assert.deepEqual(table.headers, [
      'No',
      'No Order',
      'Jenis',
      'Fasyankes',
      'Tanggal Konfirmasi Bayar',
      'Jumlah Alat',
      'Tarif Layanan',
    ])
    // The order, then the totals under the table.
    assert.deepEqual(
      table.rows.map((row) => [row.No, row['No Order']]),
      [
        ['1', world.orders.O1.number],
        ['Alat Datang (DT)', '1 order, 2 alat, Rp 200.000'],
        ['Insitu (DL)', '0 order, 0 alat, Rp 0'],
        ['Total', '1 order, 2 alat, Rp 200.000'],
      ]
    )
  })

  test('berita acara PDF: under the letterhead, its filters, and signed by its maker and the head (issue 35, item 7)', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const maker = await admin()
    const pdf = await binary(
      client
        .get('/report/berita-acara/print/pdf')
        .qs(in2019({ order_type: 'internal' }))
        .loginAs(maker)
    )
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    const text = pdfText(pdf.body() as Buffer).replace(/\s+/g, ' ')
    for (const expected of [
      lab.name,
      lab.address,
      'Laporan Berita Acara',
      'Periode: 1 Januari 2019 - 31 Desember 2019',
      'Jenis Order: Alat Datang (DT)',
      world.orders.O1.number,
      'Dibuat oleh,',
      `( ${maker.name} )`,
      'Mengetahui, Kepala Laboratorium',
    ]) {
      assert.include(text, expected)
    }
    // The PNBP report has the letterhead, and no signatures.
    const pnbp = await binary(client.get('/report/pnbp/print/pdf').qs(in2019()).loginAs(maker))
    const pnbpText = pdfText(pnbp.body() as Buffer).replace(/\s+/g, ' ')
    assert.include(pnbpText, lab.name)
    assert.notInclude(pnbpText, 'Dibuat oleh,')
  })

  test('a refused period answers 422 and the pages need the report permission', async ({
    client,
    assert,
  }) => {
    const refused = await asAdmin(
      client
        .get('/report/berita-acara/datatable')
        .qs({ start_date: '2019-05-01', end_date: '2019-01-01' })
    )
    refused.assertStatus(422)
    const excel = await asAdmin(
      client.get('/report/pnbp/print/excel').qs({ start_date: '2019-02-31' })
    )
    excel.assertStatus(422)
    for (const path of ['/report/berita-acara', '/report/pnbp/datatable']) {
      const facility = await client.get(path).loginAs(await userWithRole('fasyankes'))
      assert.equal(facility.status(), 403, path)
    }
    const page = await client
      .get('/report/pnbp')
      .loginAs(await userWithRole('human_resource'))
      .withInertia()
    page.assertStatus(200)
    assert.equal(page.body().props.title, 'Laporan PNBP')
  })
})
