import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { formatAge } from '#services/format'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { userWithRoles } from '#tests/helpers/accounts'

/** Issue 10.17: what My tasks lists for each role, and how it names an age. */
test.group('My tasks: the workflow marks the to-dos', () => {
  test('each task waits in the statuses where its action moves the order on', ({ assert }) => {
    const all = internalWorkflow.tasksFor(userWithRoles(['yantek', 'admin_pk']))
    assert.deepEqual(
      all.map((task) => [task.action, task.label, [...task.statuses]]),
      [
        ['approve', 'Konfirmasi permintaan', ['MENUNGGU']],
        ['receive', 'Terima alat', ['ORDER DITERIMA']],
        ['assign_officers', 'Pilih petugas', ['ALAT DITERIMA']],
        ['handover', 'Serah terima alat', ['PROSES PENGERJAAN']],
      ]
    )
  })

  test('a role sees only the tasks its permissions allow', ({ assert }) => {
    const actions = (roles: Parameters<typeof userWithRoles>[0]) =>
      internalWorkflow.tasksFor(userWithRoles(roles)).map((task) => task.action)
    // The status table: yantek confirms, receives and hands over; picking officers is admin_pk's.
    assert.deepEqual(actions(['yantek']), ['approve', 'receive', 'handover'])
    assert.deepEqual(actions(['admin_pk']), ['approve', 'receive', 'assign_officers', 'handover'])
    assert.deepEqual(actions(['officer_pk']), [])
    assert.deepEqual(actions(['head_of_pk_laboratory']), [])
    assert.deepEqual(actions(['treasurer']), [])
  })

  test('an age reads in hours within a day, then in whole days', ({ assert }) => {
    const now = DateTime.fromISO('2026-11-24T10:00:00Z')
    assert.equal(formatAge(now.minus({ minutes: 59 }), now), 'kurang dari 1 jam')
    assert.equal(formatAge(now.minus({ hours: 1 }), now), '1 jam')
    assert.equal(formatAge(now.minus({ hours: 23, minutes: 59 }), now), '23 jam')
    assert.equal(formatAge(now.minus({ hours: 24 }), now), '1 hari')
    assert.equal(formatAge(now.minus({ days: 6, hours: 23 }), now), '6 hari')
    // A clock a little ahead of the server never shows a negative age.
    assert.equal(formatAge(now.plus({ minutes: 5 }), now), 'kurang dari 1 jam')
  })
})
