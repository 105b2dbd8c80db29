import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { notify } from '#notifications/notify'
import { decideLoan } from '#actions/lending/decide_loan'
import CalibratorLoan from '#models/calibrator_loan'
import { userWithRole } from '#tests/functional/internal_orders/_support'

/** Issue 17, point 2: the bell, the notices page, and the loans' approvals and decisions. */
test.group('Notifications | in the app', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the bell counts unread notices; opening one marks it read; another user’s notice answers 404', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const other = await userWithRole('yantek')
    await db.transaction(async (trx) => {
      await notify(trx, [officer.id], { title: 'Uji satu', body: 'Isi satu.', href: '/tasks' })
      await notify(trx, [officer.id], { title: 'Uji dua', body: 'Isi dua.', href: '/profile' })
      await notify(trx, [other.id], { title: 'Milik orang lain', body: '-', href: '/tasks' })
    })
    const page = await client.get('/notifications').loginAs(officer).withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    assert.isAtLeast(props.notices.length, 2)
    assert.equal(props.notices[0].title, 'Uji dua', 'newest first')
    const unread = props.notices.filter((notice: any) => !notice.read).length
    assert.equal(props.notices.length, unread)
    const profile = await client.get('/profile').loginAs(officer).withInertia()
    assert.equal((profile.inertiaProps as any).bell.unread, unread, 'the bell of every page')

    const opened = await client
      .get(`/notifications/${props.notices[0].id}/open`)
      .loginAs(officer)
      .redirects(0)
    assert.equal(opened.header('location'), '/profile')
    const row = await db.from('notices').where('id', props.notices[0].id).first()
    assert.isNotNull(row.read_at)

    const theirs = await db.from('notices').where('user_id', other.id).first()
    const refused = await client
      .get(`/notifications/${theirs.id}/open`)
      .loginAs(officer)
      .redirects(0)
    refused.assertStatus(404)
    const still = await db.from('notices').where('id', theirs.id).first()
    assert.isNull(still.read_at)

    await client.put('/notifications/read').loginAs(officer).withCsrfToken().withInertia()
    const left = await db.from('notices').where('user_id', officer.id).whereNull('read_at')
    assert.lengthOf(left, 0)
  })

  test('a loan asks each deciding head, and its decision tells the borrower', async ({
    client,
    assert,
  }) => {
    const borrower = await userWithRole('yantek')
    const head = await userWithRole('head_of_pk_laboratory')
    const calibrator = await db
      .from('calibrators as c')
      .join('units as u', 'u.id', 'c.unit_id')
      .where('u.name', 'PK')
      .where('c.calibrator_condition', 'Good')
      .where('c.next_calibration_date', '>', '2027-01-01')
      .whereNotExists((q) =>
        q.from('calibrator_loan_lines as l').whereColumn('l.holding_calibrator_id', 'c.id')
      )
      .select('c.id')
      .firstOrFail()
    const created = await client
      .post('/calibrator/loan')
      .json({
        calibrators: [{ id: calibrator.id, condition: 'Good' }],
        notes: 'Untuk uji lapangan',
        loan_description: 'Kalibrasi di RSUD',
        planned_return_date: '2027-01-15',
        pk_officer: head.id,
      })
      .loginAs(borrower)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const loan = await CalibratorLoan.query().orderBy('id', 'desc').firstOrFail()
    assert.equal(loan.borrowerId, borrower.id, JSON.stringify(created.flashMessages()))
    const asked = await db.from('notices').where('title', `Persetujuan peminjaman ${loan.number}`)
    assert.deepEqual(
      asked.map((row) => Number(row.user_id)),
      [head.id]
    )
    assert.equal(asked[0].href, `/calibrator/loan/${loan.id}/confirm`)

    await decideLoan({ user: head, ip: '127.0.0.1' }, loan, { status: 'Confirmed' })
    const told = await db
      .from('notices')
      .where('user_id', borrower.id)
      .orderBy('id', 'desc')
      .first()
    assert.equal(told.title, `Peminjaman ${loan.number} disetujui`)
    assert.include(told.body, 'Lab. PK menyetujui')
  })
})
