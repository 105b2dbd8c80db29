import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import { confirmOrder } from '#actions/internal/confirm_order'
import {
  auditCount,
  errorFields,
  isRedirect,
  makeOrder,
  statusOf,
  userByEmail,
  userWithRole,
  orderRow,
} from '#tests/functional/internal_orders/_support'

/**
 * Two people acting on the same order at the same moment: exactly one wins,
 * the other is told, and the audit log records only what happened.
 *
 * The HTTP races run outside a global transaction: a shared test transaction
 * would put both requests on one connection and savepoint, which is not how
 * two real requests meet. Their orders are removed afterwards (the audit rows
 * stay: the log is append-only).
 */
const created: number[] = []

function outcome(response: any) {
  const error = response.flashMessages().error
  return {
    won: isRedirect(response) && !error && errorFields(response).length === 0,
    error: typeof error === 'string' ? error : null,
    status: response.status(),
  }
}

test.group('Internal order | concurrent actions over HTTP', (group) => {
  group.each.teardown(async () => {
    if (created.length) await db.from('orders').whereIn('id', created.splice(0)).delete()
  })

  test('approve and reject of the same order at once: one wins, one audit row', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const admin = await userWithRole('admin_pk')
    for (let round = 0; round < 8; round++) {
      const { order } = await makeOrder({ status: 'MENUNGGU' })
      created.push(order.id)
      // Alternate who fires first, so neither side always starts ahead.
      const approve = () =>
        client
          .post(`/internal/${order.id}/confirm/approve`)
          .json({ order_description: 'Silakan antar alat ke laboratorium.' })
          .loginAs(round % 2 ? yantek : admin)
          .withCsrfToken()
          .withInertia()
          .redirects(0)
      const reject = () =>
        client
          .post(`/internal/${order.id}/confirm/reject`)
          .json({ order_description: 'Surat permohonan tidak lengkap.' })
          .loginAs(round % 2 ? admin : yantek)
          .withCsrfToken()
          .withInertia()
          .redirects(0)
      const [approved, rejected] = (
        round % 2
          ? await Promise.all([reject(), approve()]).then(([r, a]) => [a, r])
          : await Promise.all([approve(), reject()])
      ).map(outcome)

      assert.equal(
        Number(approved.won) + Number(rejected.won),
        1,
        `round ${round}: approve ${JSON.stringify(approved)}, reject ${JSON.stringify(rejected)}`
      )
      const loser = approved.won ? rejected : approved
      assert.match(
        String(loser.error),
        /sudah diubah oleh pengguna lain|pada status (ORDER DITERIMA|DITOLAK)/
      )
      const final = await statusOf(order.id)
      assert.equal(final, approved.won ? 'ORDER DITERIMA' : 'DITOLAK', `round ${round}`)
      const row = await orderRow(order.id)
      assert.equal(
        row.order_description,
        approved.won ? 'Silakan antar alat ke laboratorium.' : 'Surat permohonan tidak lengkap.'
      )
      assert.equal(
        (await auditCount(order.id, 'internal.approve')) +
          (await auditCount(order.id, 'internal.reject')),
        1
      )
    }
  })

  test('the facility deletes while staff approve: one wins', async ({ client, assert }) => {
    const facility = await userByEmail('fasyankes@kalibra.test')
    const admin = await userWithRole('admin_pk')
    for (let round = 0; round < 4; round++) {
      const { order } = await makeOrder({ status: 'MENUNGGU', fasyankesId: facility.fasyankesId! })
      created.push(order.id)
      const [approved, deleted] = await Promise.all([
        client
          .post(`/internal/${order.id}/confirm/approve`)
          .json({ order_description: 'Silakan antar alat ke laboratorium.' })
          .loginAs(admin)
          .withCsrfToken()
          .withInertia()
          .redirects(0),
        client
          .delete(`/internal/${order.id}`)
          .loginAs(facility)
          .withCsrfToken()
          .withInertia()
          .redirects(0),
      ])
      const a = outcome(approved)
      // A delete that lost finds either the new status (refusal) or, if it came second
      // to nothing, the order; a 404 means the approve lost to the delete.
      const d = outcome(deleted)
      const row = await orderRow(order.id)
      if (row) {
        assert.isTrue(a.won, `order kept but approve lost: ${JSON.stringify(a)}`)
        assert.isFalse(d.won, `order kept but delete won: ${JSON.stringify(d)}`)
        assert.equal(row.status, 'ORDER DITERIMA')
        assert.equal(await auditCount(order.id, 'internal.delete'), 0)
      } else {
        assert.isTrue(d.won, `order gone but delete lost: ${JSON.stringify(d)}`)
        assert.isFalse(a.won, `order gone but approve won: ${JSON.stringify(a)}`)
        assert.equal(await auditCount(order.id, 'internal.approve'), 0)
      }
    }
  })
})

test.group('Internal order | the status guard itself', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('two users who both loaded the order as MENUNGGU: the second write is refused as a later one is', async ({
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const admin = await userWithRole('admin_pk')
    const yantek = await userWithRole('yantek')
    // Both read the order before either writes, as two browsers would.
    const seenByAdmin = await Order.findOrFail(order.id)
    const seenByYantek = await Order.findOrFail(order.id)
    await confirmOrder({ user: admin, ip: null }, seenByAdmin, 'approve', 'Diterima oleh admin.')
    await assert.rejects(
      () =>
        confirmOrder({ user: yantek, ip: null }, seenByYantek, 'reject', 'Ditolak oleh yantek.'),
      // The order is taken and read again first: the refusal names the status it is in now.
      /Anda tidak dapat menolak .* pada status ORDER DITERIMA/
    )
    const row = await orderRow(order.id)
    assert.equal(row.status, 'ORDER DITERIMA')
    assert.equal(row.order_description, 'Diterima oleh admin.')
    assert.equal(await auditCount(order.id, 'internal.approve'), 1)
    assert.equal(await auditCount(order.id, 'internal.reject'), 0)
  })
})
