import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import AuditVerify from '../../../commands/audit_verify.js'
import { chainExistingRows } from '#database/migrations/0017_add_audit_hash_chain'
import { audit } from '#services/audit'
import { GENESIS_HASH, verifyChain } from '#services/audit_chain'
import { accountWithRole, marker, rolesSplit } from '#tests/functional/master_data/_support'
import { makeStaff } from '#tests/helpers/accounts'

/**
 * Issue 8, point 12: the audit log is a hash chain that a command verifies.
 * Tampering happens "behind the app's back": the test drops the append-only
 * trigger, changes or deletes a row with SQL, and restores the trigger, all
 * inside the test's transaction (rolled back afterwards).
 */

type Trigger = 'update' | 'delete'

/** Runs `change` with the append-only trigger for `operation` dropped, then puts it back. */
async function withoutTrigger(operation: Trigger, change: () => Promise<unknown>) {
  const client = db.connection()
  if (client.dialect.name === 'postgres') {
    await client.rawQuery('DROP TRIGGER audit_logs_no_change ON audit_logs')
    await change()
    await client.rawQuery(`
      CREATE TRIGGER audit_logs_no_change BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`)
  } else {
    const name = `audit_logs_no_${operation}`
    await client.rawQuery(`DROP TRIGGER ${name}`)
    await change()
    await client.rawQuery(`
      CREATE TRIGGER ${name} BEFORE ${operation.toUpperCase()} ON audit_logs
      BEGIN SELECT RAISE(ABORT, 'audit_logs is append-only'); END`)
  }
}

/** Runs the ace command and returns its exit code and what it printed. */
async function runVerify(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(AuditVerify, args)
  await command.exec()
  const logs = ace.ui.logger.getLogs().map((log) => log.message)
  ace.ui.logger.flushLogs()
  ace.ui.switchMode('normal')
  return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
}

/** A few audited writes the way the app makes them: forms over HTTP and direct calls. */
async function someWrites(client: any) {
  const editor = await accountWithRole(rolesSplit('alkes.edit').allowed[0])
  for (let i = 0; i < 3; i++) {
    const code = marker('Ch').toUpperCase()
    const response = await client
      .post('/alkes/data/store')
      .loginAs(editor)
      .withCsrfToken()
      .withInertia()
      .json({
        name: `Syringe Pump ${code}`,
        laboratory: 'PK',
        price: '150000',
        minute_estimation: '45',
        alkes_code: code,
        recalibration_months: '12',
        is_tuntung_seharian: false,
        is_internal: true,
        is_insitu: false,
        pengujian_is_kan: false,
        kalibrasi_is_kan: false,
        has_laik_description: true,
      })
      .redirects(0)
    if (![302, 303].includes(response.status())) throw new Error(`write ${response.status()}`)
  }
  // Values that must hash the same after the database round trip: JSON, accents, long text, nulls.
  await audit(
    { user: editor, ip: '10.0.0.7' },
    {
      action: 'test.chain',
      subjectType: 'uji',
      subjectId: 42,
      from: { nama: 'Ümit "lama"', nilai: 1.5, daftar: [1, null, 'x'] },
      to: { nama: 'Baru\nbaris', kosong: null },
      reason: 'alasan '.repeat(50),
    }
  )
  await audit({ user: null, ip: null }, { action: 'test.chain_guest', userName: 'tamu@uji' })
}

async function auditIds(client: QueryClientContract = db.connection()) {
  const rows = await client.from('audit_logs').select('id').orderBy('id')
  return rows.map((row) => Number(row.id))
}

test.group('Audit chain | writes and the verify command', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('after a series of writes every row is chained and kalibra:audit-verify prints OK with the count', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    const ids = await auditIds()
    const rows = await db.from('audit_logs').orderBy('id')
    assert.equal(rows[0].prev_hash, GENESIS_HASH)
    for (let i = 1; i < rows.length; i++) assert.equal(rows[i].prev_hash, rows[i - 1].hash)
    assert.isTrue(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash)))

    const result = await runVerify()
    assert.equal(result.exitCode, 0)
    assert.include(result.output, `OK: ${ids.length} audit rows`)
    assert.include(result.output, rows[rows.length - 1].hash)
  })

  test('a row altered behind the app’s back is named by the command (id, expected, found) and it exits 1', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    const ids = await auditIds()
    const target = ids[ids.length - 3]
    const before = await db.from('audit_logs').where('id', target).firstOrFail()
    await withoutTrigger('update', () =>
      db.from('audit_logs').where('id', target).update({ reason: 'diubah diam-diam' })
    )
    const check = await verifyChain(db.connection())
    assert.containsSubset(check, { ok: false, id: target, field: 'hash', found: before.hash })

    const result = await runVerify()
    assert.equal(result.exitCode, 1)
    assert.include(result.output, `audit row id ${target}`)
    assert.include(result.output, `found ${before.hash}`)
    assert.match(result.output, /expected [0-9a-f]{64}/)
  })

  test('a rewritten row with a recomputed own hash still breaks the next row', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    const ids = await auditIds()
    const target = ids[ids.length - 2]
    const row = await db.from('audit_logs').where('id', target).firstOrFail()
    const { chainHash, contentOf } = await import('#services/audit_chain')
    const forged = { ...row, reason: 'dipalsukan' }
    await withoutTrigger('update', () =>
      db
        .from('audit_logs')
        .where('id', target)
        .update({ reason: 'dipalsukan', hash: chainHash(contentOf(forged), row.prev_hash) })
    )
    const check = await verifyChain(db.connection())
    assert.containsSubset(check, { ok: false, id: ids[ids.length - 1], field: 'prev_hash' })
  })

  test('a row deleted from the middle is detected at the row after it', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    const ids = await auditIds()
    const gone = ids[ids.length - 3]
    await withoutTrigger('delete', () => db.from('audit_logs').where('id', gone).delete())
    const result = await runVerify()
    assert.equal(result.exitCode, 1)
    assert.include(result.output, `audit row id ${ids[ids.length - 2]} (prev_hash)`)
  })

  test('rows cut off the end leave a valid but shorter chain: --head with an earlier head notices', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    const earlier = await runVerify()
    const head = /chain head ([0-9a-f]{64})/.exec(earlier.output)![1]
    await audit({ user: null, ip: null }, { action: 'test.after_head' })
    const later = await runVerify([`--head=${head}`])
    assert.equal(later.exitCode, 0, later.output)

    const ids = await auditIds()
    await withoutTrigger('delete', () =>
      db.from('audit_logs').whereIn('id', ids.slice(-2)).delete()
    )
    const shortened = await runVerify()
    assert.equal(shortened.exitCode, 0, 'the shortened chain itself is consistent')
    const cut = await runVerify([`--head=${head}`])
    assert.equal(cut.exitCode, 1)
    assert.include(cut.output, `MISSING: the earlier chain head ${head}`)
  })

  test('the migration chains rows written before it (the backfill), and restores the append-only trigger', async ({
    client,
    assert,
  }) => {
    await someWrites(client)
    await withoutTrigger('update', () =>
      db.from('audit_logs').update({ prev_hash: null, hash: null })
    )
    assert.containsSubset(await verifyChain(db.connection()), { ok: false, field: 'prev_hash' })

    await chainExistingRows(db.connection())
    const ids = await auditIds()
    assert.containsSubset(await verifyChain(db.connection()), { ok: true, count: ids.length })
    await assert.rejects(() => db.from('audit_logs').update({ reason: 'x' }))
  })
})

test.group('Audit chain | concurrent writers', () => {
  // Outside a global transaction: each write must get its own connection and transaction, as real
  // requests do. The audit rows stay (the log is append-only; their actions are counted by no other
  // test); the accounts made for the test are removed.
  test('twelve audit() calls at once, and six audited profile saves at once, leave one valid chain', async ({
    client,
    assert,
  }) => {
    const { length: before } = await auditIds()
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        audit({ user: null, ip: '127.0.0.1' }, { action: 'test.concurrent', subjectId: i })
      )
    )
    const staff = await Promise.all(
      Array.from({ length: 6 }, () => makeStaff(['admin_ukpr'], { name: 'Penguji Rantai' }))
    )
    try {
      const responses = await Promise.all(
        staff.map((user, i) =>
          client
            .put('/profile')
            .loginAs(user)
            .withCsrfToken()
            .withInertia()
            .header('referer', '/profile')
            .json({ name: `Penguji Rantai ${i + 1}`, nip: null, rank: null, position: null })
            .redirects(0)
        )
      )
      assert.deepEqual(
        responses.map((response) => [302, 303].includes(response.status())),
        staff.map(() => true)
      )
    } finally {
      await db
        .from('users')
        .whereIn(
          'id',
          staff.map((user) => user.id)
        )
        .delete()
    }
    const check = await verifyChain(db.connection())
    assert.isTrue(check.ok, JSON.stringify(check))
    assert.equal(check.count, before + 12 + 6)
  })
})
