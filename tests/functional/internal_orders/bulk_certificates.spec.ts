import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  auditCount,
  currentFileOf,
  makeOrder,
  pdfBuffer,
  snapshot,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

function errorsOf(response: any): Record<string, string[]> {
  return response.flashMessages()?.inputErrorsBag ?? {}
}

/** An order in progress whose two lines carry certificate numbers and a finished worksheet. */
async function workingOrder() {
  const fixture = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
  for (const [index, device] of fixture.devices.entries()) {
    await db
      .from('order_devices')
      .where('id', device.id)
      .update({
        certificate_number: `BLK/${fixture.order.id}/${index + 1}`,
        is_laik: true,
        work_date: '2026-03-03',
        worksheet_saved_at: '2026-03-03 09:00:00',
      })
  }
  return fixture
}

function bulk(client: any, orderId: number, files: [string, Buffer][], deviceIds: number[]) {
  let request = client.post(`/internal/${orderId}/attachment/bulk`)
  for (const [name, body] of files) request = request.file('files[]', body, { filename: name })
  for (const id of deviceIds) request = request.field('order_device_ids[]', String(id))
  return request
}

/** Issue 10.18: many certificates dropped on the files page, matched by name, saved together. */
test.group('Bulk certificate upload', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the names are matched to the lines by certificate or serial number', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await workingOrder()
    const response = await client
      .get(`/internal/${order.id}/attachment/match`)
      .qs(
        `names=${encodeURIComponent(`BLK-${order.id}-2.pdf`)}&names=${encodeURIComponent(`${devices[0].serialNumber}.pdf`)}&names=lain.pdf`
      )
      .loginAs(await userWithRole('yantek'))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().matches.map((match: any) => [match.device_id, match.matched_by]),
      [
        [devices[1].id, 'Nomor sertifikat'],
        [devices[0].id, 'Nomor seri'],
        [null, null],
      ]
    )
    // One name alone, and none at all.
    const one = await client
      .get(`/internal/${order.id}/attachment/match`)
      .qs({ names: `${devices[1].serialNumber}.pdf` })
      .loginAs(await userWithRole('yantek'))
    assert.equal(one.body().matches[0].device_id, devices[1].id)
    const none = await client
      .get(`/internal/${order.id}/attachment/match`)
      .loginAs(await userWithRole('yantek'))
    assert.deepEqual(none.body(), { matches: [] })

    // Who may not attach learns nothing about the lines.
    const treasurer = await client
      .get(`/internal/${order.id}/attachment/match`)
      .qs({ names: 'x.pdf' })
      .loginAs(await userWithRole('treasurer'))
    treasurer.assertStatus(403)
  })

  test('the files page offers it to whoever may attach, with the line certificate numbers', async ({
    client,
    assert,
  }) => {
    const { order } = await workingOrder()
    const page = await client
      .get(`/internal/${order.id}/attachment`)
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    const { bulkHrefs, devices } = page.inertiaProps as any
    assert.equal(bulkHrefs.match, `/internal/${order.id}/attachment/match`)
    assert.equal(bulkHrefs.store, `/internal/${order.id}/attachment/bulk`)
    assert.equal(bulkHrefs.maxBytes, 20 * 1024 * 1024)
    assert.equal(bulkHrefs.maxFiles, 50)
    assert.equal(bulkHrefs.fileLimit, '10 MB')
    assert.equal(devices[0].certificate_number, `BLK/${order.id}/1`)
    const facility = await client
      .get(`/internal/${order.id}/attachment`)
      .loginAs(await userWithRole('head_of_pk_laboratory'))
      .withInertia()
    assert.isNull((facility.inertiaProps as any).bulkHrefs)
  })

  test('saves every certificate for its line, finishes the lines and audits each', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await workingOrder()
    const response = await bulk(
      client,
      order.id,
      [
        ['b.pdf', pdfBuffer(10)],
        ['a.pdf', pdfBuffer(20)],
      ],
      [devices[1].id, devices[0].id]
    )
      .loginAs(await userWithRole('yantek'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(errorsOf(response), {})
    response.assertStatus(302)
    response.assertHeader('location', `/internal/${order.id}/attachment`)
    assert.equal(response.flashMessages().success, '2 sertifikat tersimpan.')
    for (const device of devices) {
      assert.isNotNull(await currentFileOf(device.id, 'certificate'))
    }
    const files = await db
      .from('order_files')
      .where('order_id', order.id)
      .where('kind', 'certificate')
      .orderBy('order_device_id')
      .select('order_device_id', 'original_name')
    assert.deepEqual(
      files.map((file) => [Number(file.order_device_id), file.original_name]),
      [
        [devices[0].id, 'a.pdf'],
        [devices[1].id, 'b.pdf'],
      ]
    )
    const statuses = await db.from('order_devices').where('order_id', order.id).select('status')
    assert.deepEqual(
      statuses.map((row) => row.status),
      ['SELESAI', 'SELESAI']
    )
    assert.equal(await auditCount(order.id, 'internal.attachment'), 2)
  })

  test('one bad file, a line twice, a missing line or a cancelled test: nothing is saved', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await workingOrder()
    const yantek = await userWithRole('yantek')
    const before = await snapshot(order.id)
    const send = (files: [string, Buffer][], ids: number[]) =>
      bulk(client, order.id, files, ids).loginAs(yantek).withCsrfToken().withInertia().redirects(0)

    const fake = await send(
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', Buffer.from('bukan pdf')],
      ],
      [devices[0].id, devices[1].id]
    )
    assert.match(errorsOf(fake)['files.1']?.[0] ?? '', /Berkas sertifikat/)

    const twice = await send(
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', pdfBuffer()],
      ],
      [devices[0].id, devices[0].id]
    )
    assert.match(
      errorsOf(twice).order_device_ids?.[0] ?? '',
      /^Satu alat dipilih untuk lebih dari satu berkas/
    )

    const unpaired = await send(
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', pdfBuffer()],
      ],
      [devices[0].id]
    )
    assert.equal(
      errorsOf(unpaired).order_device_ids?.[0],
      'Pilih alat untuk setiap berkas sertifikat.'
    )

    const other = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const foreign = await send(
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', pdfBuffer()],
      ],
      [devices[0].id, other.devices[0].id]
    )
    assert.equal(foreign.status(), 404)

    await db.from('order_devices').where('id', devices[1].id).update({ status: 'BATAL UJI' })
    const cancelled = await send(
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', pdfBuffer()],
      ],
      [devices[0].id, devices[1].id]
    )
    assert.match(cancelled.flashMessages().error ?? '', /dibatalkan/)
    await db.from('order_devices').where('id', devices[1].id).update({ status: 'BELUM SELESAI' })

    assert.deepEqual(await snapshot(order.id), before)
    assert.isNull(await currentFileOf(devices[0].id, 'certificate'))
    assert.equal(await auditCount(order.id, 'internal.attachment'), 0)
  })

  test('an officer attaches only to its own lines', async ({ client, assert }) => {
    const { order, devices } = await workingOrder()
    const admin = await userWithRole('admin_pk')
    await db.from('order_devices').where('id', devices[1].id).update({ officer_id: admin.id })
    const officer = await userWithRole('officer_pk')
    const match = await client
      .get(`/internal/${order.id}/attachment/match`)
      .qs({ names: `${devices[1].serialNumber}.pdf` })
      .loginAs(officer)
    assert.isNull(match.body().matches[0].device_id)
    const response = await bulk(
      client,
      order.id,
      [
        ['a.pdf', pdfBuffer()],
        ['b.pdf', pdfBuffer()],
      ],
      [devices[0].id, devices[1].id]
    )
      .loginAs(officer)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.match(response.flashMessages().error ?? '', /petugas yang ditugaskan/)
    assert.isNull(await currentFileOf(devices[0].id, 'certificate'))
  })

  test('more than the body limit at once is refused with a page that says so; nothing is saved', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await workingOrder()
    const response = await bulk(
      client,
      order.id,
      [
        ['a.pdf', pdfBuffer(9 * 1024 * 1024)],
        ['b.pdf', pdfBuffer(9 * 1024 * 1024)],
        ['c.pdf', pdfBuffer(3 * 1024 * 1024)],
      ],
      [devices[0].id, devices[1].id, devices[0].id]
    )
      .loginAs(await userWithRole('yantek'))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(413)
    response.assertInertiaComponent('errors/too_large')
    assert.equal(response.inertiaProps.limit, '20 MB')
    assert.isNull(await currentFileOf(devices[0].id, 'certificate'))
    assert.equal(await auditCount(order.id, 'internal.attachment'), 0)
  })
})
