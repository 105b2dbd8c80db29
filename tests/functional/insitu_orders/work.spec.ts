import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
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
})
