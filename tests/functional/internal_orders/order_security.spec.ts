import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { binary } from '#tests/helpers/downloads'
import {
  STATUSES,
  auditCount,
  makeOrder,
  pdfBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import type { Role } from '#enums/roles'

/**
 * Issue 8, the order points: who may replace a certificate and when (6), the
 * worksheet list and upload as the spec gives them and role refusals as 403
 * (11), and downloads served as what they are (13).
 */
const certificate = (orderId: number, deviceId: number, link: string) => ({
  url: `/internal/${orderId}/attachment/certificate`,
  fields: { type: 'certificate', internal_alkes_order_id: String(deviceId), link },
})

async function currentCertificates(deviceId: number) {
  return db
    .from('order_files')
    .where('order_device_id', deviceId)
    .where('kind', 'certificate')
    .orderBy('id')
}

test.group('Order security | replacing a certificate', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('only the assigned officer, yantek or admin_pk replace it, only before SELESAI; the old one stays and the audit row names it', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const colleague = await userByEmail('budi.santoso@kalibra.test')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    const send = (user: any, link: string) => {
      const { url, fields } = certificate(order.id, devices[0].id, link)
      return client
        .post(url)
        .fields(fields)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    }
    // A PK officer who is not assigned to the device is refused and nothing is stored.
    const stranger = await send(colleague, 'https://drive.example.com/orang-lain.pdf')
    assert.match(String(stranger.flashMessages().error), /ditugaskan/)
    assert.lengthOf(await currentCertificates(devices[0].id), 0)

    // The assigned officer, then yantek, then admin_pk may (each replacing the previous one).
    await send(officer, 'https://drive.example.com/pertama.pdf')
    await send(await userWithRole('yantek'), 'https://drive.example.com/kedua.pdf')
    await send(await userWithRole('admin_pk'), 'https://drive.example.com/ketiga.pdf')
    const files = await currentCertificates(devices[0].id)
    assert.deepEqual(
      files.map((f) => [f.external_url, f.superseded_at === null]),
      [
        ['https://drive.example.com/pertama.pdf', false],
        ['https://drive.example.com/kedua.pdf', false],
        ['https://drive.example.com/ketiga.pdf', true],
      ]
    )
    const last = await db
      .from('audit_logs')
      .where('subject_type', 'internal_order')
      .where('subject_id', String(order.id))
      .where('action', 'internal.attachment')
      .orderBy('id', 'desc')
      .first()
    assert.include(String(last.changes_from), 'https://drive.example.com/kedua.pdf')
    assert.include(String(last.changes_to), 'https://drive.example.com/ketiga.pdf')

    // Once the order is done, nobody replaces it here (a correction is an amendment).
    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    for (const role of ['yantek', 'admin_pk'] as Role[]) {
      const late = await send(await userWithRole(role), 'https://drive.example.com/terlambat.pdf')
      assert.match(String(late.flashMessages().error), /SELESAI/, role)
    }
    assert.lengthOf(await currentCertificates(devices[0].id), 3)
  })

  test('a plain http link is refused under its field and nothing is stored', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const { url, fields } = certificate(order.id, devices[0].id, 'http://drive.example.com/x.pdf')
    const response = await client
      .post(url)
      .fields(fields)
      .loginAs(await userWithRole('yantek'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.property(response.flashMessages().inputErrorsBag ?? {}, 'link')
    assert.lengthOf(await currentCertificates(devices[0].id), 0)
    assert.equal(await auditCount(order.id, 'internal.attachment'), 0)
  })
})

test.group('Order security | the worksheets as the spec gives them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the worksheet list opens for admin_pk, officer_pk and yantek in PROSES PENGERJAAN and MENUNGGU FEEDBACK only; 403 otherwise', async ({
    client,
    assert,
  }) => {
    const open = ['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK']
    const mismatches: string[] = []
    for (const status of STATUSES) {
      const { order } = await makeOrder({ status })
      for (const role of [
        'admin_pk',
        'officer_pk',
        'yantek',
        'treasurer',
        'head_of_pk_laboratory',
        'fasyankes',
      ] as Role[]) {
        const response = await client
          .get(`/internal/${order.id}/worksheet/pk`)
          .loginAs(await userWithRole(role))
          .withInertia()
          .redirects(0)
        const want =
          open.includes(status) && ['admin_pk', 'officer_pk', 'yantek'].includes(role) ? 200 : 403
        if (response.status() !== want)
          mismatches.push(`${role} in ${status}: ${response.status()}, expected ${want}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('in MENUNGGU FEEDBACK the list offers no edit or upload', async ({ client, assert }) => {
    const officer = await userWithRole('officer_pk')
    const { order } = await makeOrder({ status: 'MENUNGGU FEEDBACK', officerId: officer.id })
    const response = await client
      .get(`/internal/${order.id}/worksheet/pk`)
      .loginAs(officer)
      .withInertia()
    response.assertStatus(200)
    for (const device of response.inertiaProps.devices as any[]) {
      assert.isNull(device.edit_href)
      assert.isNull(device.upload_href)
    }
  })

  test('a role that may never take an action is refused with 403, whatever the status', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'MENUNGGU' })
    const treasurer = await userWithRole('treasurer')
    const officer = await userWithRole('officer_pk')
    const attempts = [
      client
        .post(`/internal/${order.id}/confirm/approve`)
        .json({ order_description: 'Diterima.' })
        .loginAs(treasurer),
      client
        .post(`/internal/${order.id}/confirm/reject`)
        .json({ order_description: 'Ditolak saja.' })
        .loginAs(officer),
      client.delete(`/internal/${order.id}/${devices[0].id}`).loginAs(officer),
      client
        .post(`/internal/${order.id}/append`)
        .json({ alkes: [{ alkes_id: devices[0].alkesId, quantity: 1 }] })
        .loginAs(treasurer),
    ]
    for (const request of attempts) {
      const response = await request.withCsrfToken().withInertia().redirects(0)
      assert.equal(response.status(), 403)
    }
    assert.equal(await auditCount(order.id), 0)
  })
})

test.group('Order security | downloads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a stored certificate is served with its stored type, an attachment name, nosniff and no-store', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    await client
      .post(`/internal/${order.id}/attachment/certificate`)
      .file('file', pdfBuffer(), { filename: 'sertifikat alat.pdf' })
      .fields({ type: 'certificate', internal_alkes_order_id: String(devices[0].id) })
      .loginAs(officer)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const file = await db.from('order_files').where('order_device_id', devices[0].id).firstOrFail()
    for (const url of [
      `/internal/${order.id}/files/${file.id}`,
      `/internal/${order.id}/file/${devices[0].id}/certificate`,
    ]) {
      const response = await binary(client.get(url).loginAs(officer))
      response.assertStatus(200)
      assert.equal(response.header('content-type'), 'application/pdf')
      assert.match(
        String(response.header('content-disposition')),
        /filename="sertifikat alat\.pdf"/
      )
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.match(String(response.header('cache-control')), /no-store/)
      assert.equal((response.body() as Buffer).subarray(0, 5).toString(), '%PDF-')
    }
    // Another order's id in the path does not reach this file.
    const other = await makeOrder({ status: 'PROSES PENGERJAAN' })
    const wrong = await client.get(`/internal/${other.order.id}/files/${file.id}`).loginAs(officer)
    wrong.assertStatus(404)
  })
})
