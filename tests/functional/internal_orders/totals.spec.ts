import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { binary, pdfTextLines } from '#tests/helpers/downloads'
import { exportedTable, readWorkbook } from '#tests/functional/master_data/_support'
import { makeOrder, userWithRole } from '#tests/functional/internal_orders/_support'
import { formatRupiah } from '#services/format'

/**
 * One definition of an order's billable devices and total (every line but
 * BATAL UJI): after a test is cancelled the list, its JSON, its card and both
 * exports show the same count and amount as the order page.
 */
test.group('Internal order | totals after a cancelled test', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the list JSON, the Excel export and the PDF export drop the cancelled device from the count and the total', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 3 })
    const price = devices[0].price
    const admin = await userWithRole('admin_pk')
    const cancelled = await client
      .post(`/internal/${order.id}/${devices[0].id}/cancel`)
      .loginAs(admin)
      .withCsrfToken()
      .json({ reason: 'Alat rusak berat, tidak dapat diuji.' })
      .redirects(0)
    assert.include([302, 303], cancelled.status())

    const search = `search=${encodeURIComponent(order.number)}`
    const listed = await client.get(`/internal/datatable?${search}`).loginAs(admin)
    listed.assertStatus(200)
    const row = (listed.body().data as any[]).find((r) => r.id === order.id)
    assert.equal(row.device_count, 2)
    assert.equal(row.total_price, 2 * price)
    assert.equal(row.formatted_total_price, formatRupiah(2 * price))

    const excel = await binary(client.get(`/internal/print/excel?${search}`)).loginAs(admin)
    const table = await exportedTable(excel.body() as Buffer)
    const exported = table.rows.find((r) => Object.values(r).includes(order.number))!
    assert.exists(exported, 'the order is in the Excel export')
    assert.equal(Number(exported['Jumlah Alat']), 2)
    assert.include([String(2 * price), formatRupiah(2 * price)], exported['Total Tarif'])
    assert.notInclude(
      Object.values(exported),
      formatRupiah(3 * price),
      'the old total is not exported'
    )

    const pdf = await binary(client.get(`/internal/print/pdf?${search}`)).loginAs(admin)
    const text = pdfTextLines(pdf.body() as Buffer).join(' ')
    assert.include(text, formatRupiah(2 * price))
    assert.notInclude(text, formatRupiah(3 * price))
  })

  test('the Excel export holds numbers, rupiah amounts and dates as such, under a filterable header', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      deliveryDate: '2027-03-01',
    })
    const admin = await userWithRole('admin_pk')
    const excel = await binary(
      client.get(`/internal/print/excel?search=${encodeURIComponent(order.number)}`)
    ).loginAs(admin)
    const workbook = await readWorkbook(excel.body() as Buffer)
    const sheet = workbook.worksheets[0]
    let header = 0
    sheet.eachRow((row, number) => {
      if (!header && row.getCell(1).value === 'No') header = number
    })
    const labels = (sheet.getRow(header).values as unknown[]).slice(1).map(String)
    const cell = (label: string) => sheet.getRow(header + 1).getCell(labels.indexOf(label) + 1)
    assert.strictEqual(cell('Jumlah Alat').value, 2)
    assert.strictEqual(cell('Total Tarif').value, order.totalPrice)
    assert.include(String(cell('Total Tarif').numFmt), 'Rp')
    const sent = cell('Estimasi Kirim').value as Date
    assert.instanceOf(sent, Date)
    assert.equal(sent.toISOString().slice(0, 10), '2027-03-01')
    assert.instanceOf(cell('Diajukan').value, Date)
    assert.isOk(sheet.autoFilter, 'the header row has a filter')
  })
})
