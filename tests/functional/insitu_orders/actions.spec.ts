import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { INSITU_STATUSES, type InsituStatus } from '#workflows/insitu_order_workflow'
import type { Role } from '#enums/roles'
import { userByEmail, userWithRole } from '#tests/functional/internal_orders/_support'
import {
  TEAM_LEADER_EMAIL,
  TEAM_MEMBER_EMAIL,
  insituSnapshot,
  makeInsitu,
  onSiteAlkes,
} from '#tests/functional/insitu_orders/_support'
import { checkCell } from '#tests/functional/action_matrix'
import { CASES, ROLES, type Context } from '#tests/functional/insitu_orders/_action_cases'

/**
 * Every on-site call, tried by every role in every status (issue 11). Who may do what is typed
 * out here from spec part 2 (sections 4 and 6) and the DL table of the domain decisions, not
 * read from the app's workflow. The order holds PK lines only, so the UKPR head and officer
 * stand for "another lab". From DALAM PROSES on officer_pk leads the PK team.
 */
test.group('Insitu order | every call per role and per status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  for (const [name, action] of Object.entries(CASES)) {
    test(name, async ({ client, assert }) => {
      const alkes = await onSiteAlkes('PK', 60, 200_000)
      const firstLabel = await db.from('labels').orderBy('sort_order').firstOrFail()
      const labelId = Number(firstLabel.id)
      const [leader, newLeader, member] = await Promise.all(
        [TEAM_LEADER_EMAIL, 'budi.santoso@kalibra.test', TEAM_MEMBER_EMAIL].map(userByEmail)
      )
      const people = { leaderId: leader.id, newLeaderId: newLeader.id, memberId: member.id }
      const mismatches: string[] = []
      for (const status of INSITU_STATUSES) {
        for (const role of ROLES) {
          const fixture = await makeInsitu({ status, alkes, deviceStatus: action.deviceStatus })
          const ctx: Context = { fixture, alkes, labelId, ...people }
          await action.prepare?.(ctx)
          mismatches.push(
            ...(await checkCell({
              where: `${role} in ${status}`,
              orderId: fixture.order.id,
              user: await userWithRole(role),
              allowed: action.allowed(status, role),
              send: () => action.send(client, ctx),
              effect: () => action.effect(ctx),
              audit: action.audit,
              auditRows: action.auditRows,
              snapshot: insituSnapshot,
            }))
          )
        }
      }
      assert.deepEqual(mismatches, [])
    })
  }
})

test.group('Insitu order | step pages per role', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the page of a step answers 403 to a role that may not take it', async ({
    client,
    assert,
  }) => {
    const alkes = await onSiteAlkes('PK', 60, 200_000)
    const forms: [InsituStatus, string, Role[]][] = [
      ['TERKIRIM', '/confirm', ['fasyankes', 'officer_pk', 'treasurer', 'head_of_pk_laboratory']],
      ['TERKIRIM', '/edit', ['officer_pk', 'treasurer', 'head_of_pk_laboratory']],
      ['DITERIMA', '/cancel', ['officer_pk', 'treasurer', 'head_of_pk_laboratory']],
      ['MENUNGGU PERSETUJUAN', '/offering/signature', ['yantek', 'admin_pk', 'officer_pk']],
      ['PENAWARAN DISETUJUI', '/offering/confirm', ['fasyankes', 'admin_pk', 'treasurer']],
      ['DALAM PROSES', '/officer', ['fasyankes', 'yantek', 'officer_pk']],
      ['DALAM PROSES', '/finalization', ['fasyankes', 'admin_pk', 'head_of_pk_laboratory']],
      ['DALAM PROSES', '/append', ['fasyankes', 'officer_pk', 'treasurer']],
    ]
    const mismatches: string[] = []
    for (const [status, path, roles] of forms) {
      const { order } = await makeInsitu({ status, alkes })
      for (const role of roles) {
        const response = await client
          .get(`/insitu/${order.id}${path}`)
          .loginAs(await userWithRole(role))
          .withInertia()
        if (response.status() !== 403)
          mismatches.push(`${role} ${status} ${path}: ${response.status()}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })
})
