import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Certificate from '#models/certificate'
import { makeOrder, userWithRole } from '#tests/functional/internal_orders/_support'

/**
 * Issue 35, point 11: on an order's certificates page a TIDAK LAIK line is red, not a green
 * SELESAI; the draft preview is gone once the certificate is approved; the approval names the
 * number the certificate will bear.
 */
test.group('Certificates page | results and approval', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a failed line is red, an approved one has no draft, a pending one names its number', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    const measured = (laik: boolean, number: string) => ({
      is_laik: laik,
      measured_laik: laik,
      certificate_number: number,
    })
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ ...measured(false, `PK/CP/${order.id}/1`), status: 'SELESAI' })
    await db
      .from('order_devices')
      .where('id', devices[1].id)
      .update(measured(true, `PK/CP/${order.id}/2`))
    await Certificate.create({
      orderDeviceId: devices[0].id,
      revision: 0,
      status: 'Berlaku',
      statusChangedAt: DateTime.utc(),
      code: `CPA${order.id}`.padEnd(10, 'X').slice(0, 10),
      number: `PK/CP/${order.id}/1`,
    })
    await Certificate.create({
      orderDeviceId: devices[1].id,
      revision: 0,
      status: 'Menunggu Persetujuan',
      statusChangedAt: DateTime.utc(),
      code: `CPB${order.id}`.padEnd(10, 'X').slice(0, 10),
    })
    const head = await userWithRole('head_of_pk_laboratory')
    const page = await client.get(`/internal/${order.id}/certificates`).loginAs(head).withInertia()
    page.assertStatus(200)
    const [failed, waiting] = page.inertiaProps.devices as any[]
    assert.deepEqual(
      [failed.status, failed.status_tone, failed.verdict, failed.verdict_tone],
      ['SELESAI', 'red', 'TIDAK LAIK', 'red']
    )
    assert.isNull(failed.draft_href)
    assert.isString(waiting.draft_href)
    assert.equal(waiting.revisions[0].display_number, `PK/CP/${order.id}/2`)
    assert.isString(waiting.revisions[0].approve_href)
  })
})
