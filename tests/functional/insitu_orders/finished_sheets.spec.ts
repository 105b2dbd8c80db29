import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { userByEmail, userWithRole } from '#tests/functional/internal_orders/_support'
import {
  makeInsitu,
  onSiteAlkes,
  TEAM_LEADER_EMAIL,
} from '#tests/functional/insitu_orders/_support'

/**
 * Issue 35, item 13: once an on-site order is finished its worksheets stay readable (200, no
 * Simpan, the reason shown) to whoever could open them before, and still closed to the rest.
 */
test.group('Insitu | finished worksheets are read, not refused', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the team opens a finished sheet read-only; an officer outside the team is refused', async ({
    client,
    assert,
  }) => {
    const alkes = await onSiteAlkes('PK', 60, 200_000)
    const { order, devices } = await makeInsitu({
      status: 'SELESAI',
      alkes,
      deviceStatus: 'SELESAI',
    })
    const path = `/insitu/${order.id}/worksheet/pk/${devices[0].id}/edit`
    for (const who of [await userByEmail(TEAM_LEADER_EMAIL), await userWithRole('yantek')]) {
      const page = await client.get(path).loginAs(who).withInertia()
      page.assertStatus(200)
      assert.isNull(page.inertiaProps.submitHref, who.email)
      assert.include(String(page.inertiaProps.readOnlyReason), 'hanya dapat dibaca')
    }
    const outsider = await client
      .get(path)
      .loginAs(await userWithRole('officer_ukpr'))
      .withInertia()
    assert.equal(outsider.status(), 403)
    // And nothing may be saved any more.
    const save = await client
      .put(`/insitu/${order.id}/worksheet/pk/${devices[0].id}`)
      .loginAs(await userByEmail(TEAM_LEADER_EMAIL))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ merk: 'X' })
    assert.notEqual(save.status(), 200)
  })
})
