import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import InsituTeamMember from '#models/insitu_team_member'
import OrderDevice from '#models/order_device'
import {
  makeOrder,
  userByEmail,
  userWithRole,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'
import {
  makeInsitu,
  onSiteAlkes,
  TEAM_LEADER_EMAIL,
} from '#tests/functional/insitu_orders/_support'

/**
 * Issue 35, item 1 (the blocker): the worksheet page listed PK lines only, so an on-site order
 * with UKPR or Sarpras devices could never be finished from the screens. Each lab of an order
 * has its worksheet page (`/worksheet/pk` as the spec has it, `/worksheet/ukpr`,
 * `/worksheet/sarpras`), reached by that lab's team and yantek; another lab's line under a lab's
 * path is not found.
 */
async function orderWithUkprLines() {
  const pkAlkes = await onSiteAlkes('PK', 60, 200_000)
  const ukprAlkes = await onSiteAlkes('UKPR', 60, 300_000, 'Pesawat Sinar-X')
  const { order, devices } = await makeInsitu({ status: 'DALAM PROSES', alkes: pkAlkes })
  const ukpr = await OrderDevice.createMany(
    [0, 1].map(() => ({
      orderId: order.id,
      lab: 'ukpr' as const,
      alkesId: ukprAlkes.id,
      price: ukprAlkes.price,
      minuteEstimation: ukprAlkes.minuteEstimation,
      description: null,
      status: 'BELUM SELESAI' as const,
    }))
  )
  const ukprOfficer = await userWithRole('officer_ukpr')
  await InsituTeamMember.create({
    orderId: order.id,
    lab: 'ukpr',
    userId: ukprOfficer.id,
    isLeader: true,
  })
  return { order, pk: devices, ukpr, ukprOfficer }
}

test.group('Insitu order | a worksheet page per lab', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the UKPR team opens its lab’s page only, fills a UKPR line, and cannot reach PK’s', async ({
    client,
    assert,
  }) => {
    const { order, pk, ukpr, ukprOfficer } = await orderWithUkprLines()
    const base = `/insitu/${order.id}/worksheet`

    const first = await client.get(base).loginAs(ukprOfficer).redirects(0)
    assert.equal(first.header('location'), `${base}/ukpr`)

    const page = await client.get(`${base}/ukpr`).loginAs(ukprOfficer).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaProps.lab.code, 'ukpr')
    assert.sameMembers(
      page.inertiaProps.devices.map((device: { id: number }) => device.id),
      ukpr.map((device) => device.id)
    )
    assert.deepEqual(
      page.inertiaProps.tabs.map((tab: { lab: string }) => tab.lab),
      ['ukpr']
    )
    assert.equal(page.inertiaProps.devices[0].edit_href, `${base}/ukpr/${ukpr[0].id}/edit`)

    const theirs = await client.get(`${base}/pk`).loginAs(ukprOfficer).withInertia()
    theirs.assertStatus(403)
    const wrongPath = await client.get(`${base}/pk/${ukpr[0].id}/edit`).loginAs(ukprOfficer)
    wrongPath.assertStatus(404)
    const pkLine = await client.get(`${base}/ukpr/${pk[0].id}/edit`).loginAs(ukprOfficer)
    pkLine.assertStatus(404)

    const form = await client
      .get(`${base}/ukpr/${ukpr[0].id}/edit`)
      .loginAs(ukprOfficer)
      .withInertia()
    form.assertStatus(200)
    const saved = await client
      .put(`${base}/ukpr/${ukpr[0].id}/update`)
      .json(worksheetPayload(ukprOfficer.id, { serial_number: 'UKPR-WS-1' }))
      .loginAs(ukprOfficer)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.equal(saved.header('location'), `${base}/ukpr`)
    assert.isUndefined(saved.flashMessages().error)
    const line = await db.from('order_devices').where('id', ukpr[0].id).first()
    assert.equal(line.serial_number, 'UKPR-WS-1')
  })

  test('yantek sees a tab for each lab of the order; the PK leader only PK’s', async ({
    client,
    assert,
  }) => {
    const { order } = await orderWithUkprLines()
    const base = `/insitu/${order.id}/worksheet`
    const yantek = await userWithRole('yantek')
    const all = await client.get(`${base}/pk`).loginAs(yantek).withInertia()
    all.assertStatus(200)
    assert.deepEqual(
      all.inertiaProps.tabs.map((tab: { lab: string; active: boolean }) => [tab.lab, tab.active]),
      [
        ['pk', true],
        ['ukpr', false],
      ]
    )
    const leader = await userByEmail(TEAM_LEADER_EMAIL)
    const own = await client.get(`${base}/pk`).loginAs(leader).withInertia()
    own.assertStatus(200)
    assert.deepEqual(
      own.inertiaProps.tabs.map((tab: { lab: string }) => tab.lab),
      ['pk']
    )
    const other = await client.get(`${base}/ukpr`).loginAs(leader).withInertia()
    other.assertStatus(403)
    // A lab the order has no line of is not found; an unknown lab is no route.
    const sarpras = await client.get(`${base}/sarpras`).loginAs(yantek).withInertia()
    sarpras.assertStatus(404)
    const unknown = await client.get(`${base}/pdp`).loginAs(yantek).withInertia()
    unknown.assertStatus(404)
  })

  test('an Alat Datang order keeps its PK page at the spec’s path', async ({ client, assert }) => {
    const { order } = await makeOrder({ status: 'PROSES PENGERJAAN' })
    const admin = await userWithRole('admin_pk')
    const first = await client.get(`/internal/${order.id}/worksheet`).loginAs(admin).redirects(0)
    assert.equal(first.header('location'), `/internal/${order.id}/worksheet/pk`)
    const page = await client.get(`/internal/${order.id}/worksheet/pk`).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaProps.lab.label, 'PK')
  })

  test('the worksheet list says who filled each sheet (issue 35, item 13)', async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    const officer = await userByEmail('officer_pk@kalibra.test')
    const saved = await client
      .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
      .loginAs(officer)
      .withCsrfToken()
      .withInertia()
      .json(worksheetPayload(officer.id, { serial_number: `FILL-${order.id}` }))
      .redirects(0)
    assert.oneOf(saved.status(), [302, 303])
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.equal(Number(line.worksheet_saved_by), officer.id)
    const page = await client
      .get(`/internal/${order.id}/worksheet/pk`)
      .loginAs(officer)
      .withInertia()
    const rows = (page.inertiaProps as any).devices
    assert.equal(rows[0].filled_by, officer.name)
    assert.isNull(rows[1].filled_by, 'not filled yet')
  })
})
