import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import {
  binary,
  fieldErrors,
  pdfBuffer,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { inProgressRequest } from '#tests/functional/insitu_orders/_support'

test.group('Insitu | results per sub-order, formats', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('certificates and results go to every line of a sub-order number, as a file or a link', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client, 2)
    const pkHead = await userWithRole('head_of_pk_laboratory')
    const upload = (who: Awaited<ReturnType<typeof userWithRole>>) =>
      client
        .post(`/insitu/${order.id}/attachment/certificate`)
        .loginAs(who)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const unknown = await upload(pkHead)
      .file('data[0][value]', pdfBuffer(), { filename: 'sertifikat.pdf' })
      .fields({ 'type': 'certificate', 'data[0][order_number]': 'DL/1999/01/0001' })
    assert.isNotEmpty(fieldErrors(unknown, 'data.0.order_number'))
    assert.equal(
      await db
        .from('order_files')
        .where({ order_id: order.id, kind: 'certificate' })
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )

    const byFacility = await client
      .post(`/insitu/${order.id}/attachment/certificate`)
      .loginAs(await userWithRole('fasyankes'))
      .withCsrfToken()
      .fields({
        'type': 'certificate',
        'data[0][order_number]': order.number,
        'data[0][value]': 'https://drive.example.com/a.pdf',
      })
    byFacility.assertStatus(403)

    await upload(pkHead)
      .file('data[0][value]', pdfBuffer(), { filename: 'sertifikat.pdf' })
      .fields({ 'type': 'certificate', 'data[0][order_number]': order.number })
    const devices = await db.from('order_devices').where('order_id', order.id)
    const certificates = await db
      .from('order_files')
      .where({ order_id: order.id, kind: 'certificate' })
      .whereNull('superseded_at')
    assert.sameMembers(
      certificates.map((file) => Number(file.order_device_id)),
      devices.map((device) => Number(device.id))
    )
    assert.isNotNull(certificates[0].storage_key)

    const yantek = await userWithRole('yantek')
    await client
      .post(`/insitu/${order.id}/attachment/result`)
      .loginAs(yantek)
      .withCsrfToken()
      .form({
        'type': 'result',
        'data[0][order_number]': order.number,
        'data[0][value]': 'https://drive.example.com/hasil.pdf',
      })
    const results = await db.from('order_files').where({ order_id: order.id, kind: 'result' })
    assert.lengthOf(results, devices.length)
    assert.equal(results[0].external_url, 'https://drive.example.com/hasil.pdf')
    const plainHttp = await client
      .post(`/insitu/${order.id}/attachment/result`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({
        'type': 'result',
        'data[0][order_number]': order.number,
        'data[0][value]': 'http://drive.example.com/hasil.pdf',
      })
    assert.isNotEmpty(fieldErrors(plainHttp, 'data.0.value'))
  })

  test('only the PK head downloads the ASPAK and SRIKANDI formats of an on-site order', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client, 1)
    for (const format of ['aspak', 'srikandi']) {
      const path = `/insitu/${order.id}/attachment/${format}`
      const response = await binary(
        client.get(path).loginAs(await userWithRole('head_of_pk_laboratory'))
      )
      response.assertStatus(200)
      assert.equal((response.body() as Buffer).subarray(0, 2).toString(), 'PK')
      const refused = await client.get(path).loginAs(await userWithRole('yantek'))
      refused.assertStatus(403)
    }
  })

  test('the formats are listed per sub-order number, part and range, each part its own file', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client, 53)
    const lines = await db.from('order_devices').where('order_id', order.id).orderBy('id')
    assert.lengthOf(lines, 53)
    await db
      .from('order_devices')
      .whereIn('id', [lines[51].id, lines[52].id])
      .update({ additional_order_number: 'DL/TAMBAHAN/02' })
    const pkHead = await userWithRole('head_of_pk_laboratory')
    const page = await client.get(`/insitu/${order.id}/attachment`).loginAs(pkHead).withInertia()
    page.assertStatus(200)
    const formats = (page.inertiaProps as any).formats as { label: string; href: string }[]
    const aspak = formats.filter((format) => format.label.startsWith('Unduh Format ASPAK'))
    assert.deepEqual(
      aspak.map((format) => format.label.replace('Unduh Format ASPAK · ', '')),
      [
        `${order.number} bagian 1 (alat 1-50)`,
        `${order.number} bagian 2 (alat 51-51)`,
        'DL/TAMBAHAN/02 bagian 1 (alat 1-2)',
      ]
    )
    const rowsOf = async (href: string) => {
      const response = await binary(client.get(href).loginAs(pkHead))
      response.assertStatus(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(response.body() as Parameters<typeof workbook.xlsx.load>[0])
      return workbook.worksheets[0].rowCount - 1
    }
    assert.deepEqual(await Promise.all(aspak.map((format) => rowsOf(format.href))), [50, 1, 2])
    const srikandi = formats.find((format) => format.label.includes('SRIKANDI · DL/TAMBAHAN/02'))
    assert.equal(await rowsOf(srikandi!.href), 2)
    // The whole order in one file still answers; a part that does not exist is not found.
    assert.equal(await rowsOf(`/insitu/${order.id}/attachment/aspak`), 53)
    const missing = await client
      .get(
        `/insitu/${order.id}/attachment/aspak?sub_order=${encodeURIComponent(order.number)}&part=3`
      )
      .loginAs(pkHead)
    missing.assertStatus(404)
  })
})
