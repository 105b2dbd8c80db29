import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#models/user'
import { makeOrder, userWithRole } from '#tests/functional/internal_orders/_support'

const PLAIN_403 = 'Anda tidak memiliki akses ke halaman atau tindakan ini.'

/**
 * Issue 36, item 6: the controllers only ask the workflow (or a named rule); each page's
 * refusal keeps its status and its words. Opening a page or a form the user may not open now
 * is a 403 on the forbidden page, with the rule's reason or the plain one.
 */
test.group('Orders | refusals of pages and forms', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function refused(client: any, user: User, url: string, message: string) {
    const response = await client.get(url).loginAs(user).withInertia().redirects(0)
    response.assertStatus(403)
    response.assertInertiaComponent('errors/forbidden')
    response.assertInertiaPropsContains({ message })
  }

  test('a certificate draft and an amendment need what their line lacks', async ({ client }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const yantek = await userWithRole('yantek')
    const line = `/internal/${order.id}/certificates/${devices[0].id}`
    await refused(client, yantek, `${line}/draft`, 'Lembar kerja alat ini belum memuat pengukuran.')
    await refused(
      client,
      yantek,
      `${line}/amend`,
      'Alat ini belum memiliki sertifikat yang disetujui.'
    )
  })

  test('a worksheet opens to whoever may fill or read it; anyone else is told whose it is', async ({
    client,
  }) => {
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: null,
    })
    const url = `/internal/${order.id}/worksheet/pk/${devices[0].id}/edit`
    const words = 'Lembar kerja ini hanya untuk petugas yang ditugaskan.'
    // An officer not assigned to the line, and a role that never fills worksheets.
    await refused(client, await userWithRole('officer_pk'), url, words)
    await refused(client, await userWithRole('fasyankes'), url, words)
    const opened = await client
      .get(url)
      .loginAs(await userWithRole('yantek'))
      .withInertia()
      .redirects(0)
    opened.assertStatus(200)
  })

  test('forms behind a button the page did not show: the rule says why, or the plain 403', async ({
    client,
  }) => {
    const { order } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const [yantek, facility] = await Promise.all([
      userWithRole('yantek'),
      userWithRole('fasyankes'),
    ])
    await refused(
      client,
      facility,
      `/internal/${order.id}/feedback`,
      `Umpan balik ${order.number} tidak dapat diisi pada status PROSES PENGERJAAN.`
    )
    await refused(
      client,
      yantek,
      `/internal/${order.id}/confirm/approve`,
      `Permintaan ${order.number} tidak dapat dikonfirmasi pada status PROSES PENGERJAAN.`
    )
    await refused(
      client,
      yantek,
      `/internal/${order.id}/edit`,
      `Permintaan ${order.number} tidak dapat diubah pada status PROSES PENGERJAAN.`
    )

    const { order: done, devices } = await makeOrder({ status: 'SELESAI', devices: 1 })
    await refused(client, yantek, `/internal/${done.id}/append`, PLAIN_403)
    await refused(client, yantek, `/internal/${done.id}/${devices[0].id}/cancel`, PLAIN_403)
    // The facility reads a finished order's files but never attaches any.
    await refused(client, facility, `/internal/${done.id}/attachment/match?names=a.pdf`, PLAIN_403)
  })
})
