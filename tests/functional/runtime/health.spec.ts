import { mkdir, rm, writeFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import metricsConfig from '#config/metrics'
import { databaseTime } from '#services/database_time'
import {
  OPERATOR_TOKEN,
  operatorGet as get,
  whileDatabaseUnreachable,
  withOperatorSettings,
} from '#tests/helpers/operator'

async function ready() {
  const answer = await get('/health/ready', { token: true })
  return { status: answer.status, body: answer.json(), text: answer.text }
}

async function readyStatus() {
  const { status } = await ready()
  return status
}

test.group('Health | live', () => {
  test('answers 200 { status: ok } to anyone, with no cookie', async ({ assert }) => {
    const answer = await get('/health/live')
    assert.equal(answer.status, 200)
    assert.deepEqual(answer.json(), { status: 'ok' })
    assert.isNull(answer.headers.get('set-cookie'))
    assert.equal(answer.headers.get('cache-control'), 'no-store')
  })

  test('the three endpoints write no session row however often they are asked', async ({
    assert,
  }) => {
    const count = async () => {
      const row = await db.from('sessions').count('* as total').first()
      return Number(row?.total ?? 0)
    }
    const before = await count()
    const previous = metricsConfig.token
    metricsConfig.token = new Secret(OPERATOR_TOKEN)
    try {
      for (let round = 0; round < 5; round++) {
        for (const path of ['/health/live', '/health/ready', '/metrics']) {
          for (const token of [false, true]) {
            const answer = await get(path, { token })
            assert.isNull(answer.headers.get('set-cookie'), path)
          }
        }
      }
    } finally {
      metricsConfig.token = previous
    }
    assert.equal(await count(), before)
  })
})

test.group('Health | ready: every check passes', (group) => {
  withOperatorSettings(group)

  test('200 with each check ok for the operator; only the status for anyone else', async ({
    assert,
  }) => {
    const { status, body } = await ready()
    assert.equal(status, 200)
    assert.deepEqual(body, {
      status: 'ok',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        storage: { ok: true },
        outbox: { ok: true },
      },
    })
    const anyone = await get('/health/ready')
    assert.equal(anyone.status, 200)
    assert.deepEqual(anyone.json(), { status: 'ok' })
    const wrong = await get('/health/ready', { token: 'salah-salah-salah-salah-salah-00' })
    assert.deepEqual(wrong.json(), { status: 'ok' })
  })

  test('the storage probe leaves no object behind', async ({ assert }) => {
    assert.equal(await readyStatus(), 200)
    const { readdir } = await import('node:fs/promises')
    const folder = app.makePath(process.env.STORAGE_PATH!, 'health')
    assert.deepEqual(await readdir(folder), [])
  })
})

test.group('Health | ready: the database', (group) => {
  withOperatorSettings(group)

  test('a database that cannot be reached: 503, the check says so without its error', async ({
    assert,
  }) => {
    await whileDatabaseUnreachable(async () => {
      const { status, body, text } = await ready()
      assert.equal(status, 503)
      assert.equal(body.status, 'fail')
      assert.deepEqual(body.checks.database, {
        ok: false,
        reason: 'Basis data tidak dapat dihubungi',
      })
      assert.isTrue(body.checks.storage.ok, 'the disk is not the database')
      assert.notMatch(text, /tidak-ada-|ECONNREFUSED|select/i, 'no path, error or SQL')
      const anyone = await get('/health/ready')
      assert.equal(anyone.status, 503)
      assert.deepEqual(anyone.json(), { status: 'fail' })
    })
    assert.equal(await readyStatus(), 200, 'ready again once it is back')
  })
})

test.group('Health | ready: migrations', (group) => {
  withOperatorSettings(group)
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a migration file not run yet: 503 until it is', async ({ assert }) => {
    const last = await db.from('adonis_schema').orderBy('id', 'desc').firstOrFail()
    await db.from('adonis_schema').where('id', last.id).delete()
    const { status, body } = await ready()
    assert.equal(status, 503)
    assert.deepEqual(body.checks.migrations, { ok: false, reason: '1 migrasi belum dijalankan' })
    assert.isTrue(body.checks.database.ok)

    await db.table('adonis_schema').insert({ ...last, id: undefined })
    assert.equal(await readyStatus(), 200)
  })
})

test.group('Health | ready: storage', (group) => {
  withOperatorSettings(group)

  test('a disk that cannot be written: 503 with the storage check failing', async ({ assert }) => {
    // Where the probe writes, a file instead of a folder: refused even to root.
    const folder = app.makePath(process.env.STORAGE_PATH!, 'health')
    await rm(folder, { recursive: true, force: true })
    await mkdir(app.makePath(process.env.STORAGE_PATH!), { recursive: true })
    await writeFile(folder, 'bukan folder')
    try {
      const { status, body, text } = await ready()
      assert.equal(status, 503)
      assert.deepEqual(body.checks.storage, {
        ok: false,
        reason: 'Penyimpanan berkas tidak dapat ditulis',
      })
      assert.isTrue(body.checks.database.ok)
      assert.notInclude(text, process.env.STORAGE_PATH!, 'no path in the answer')
    } finally {
      await rm(folder, { force: true })
    }
    assert.equal(await readyStatus(), 200)
  })
})

test.group('Health | ready: outbox', (group) => {
  withOperatorSettings(group)
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function message(status: string, moments: { next: DateTime; claimedUntil?: DateTime }) {
    const client = db.connection()
    await db.table('outbox_messages').insert({
      channel: 'email',
      address: 'uji@kalibra.test',
      subject: 'Uji',
      body: 'Uji',
      status,
      attempts: 0,
      next_attempt_at: databaseTime(client, moments.next),
      claimed_until: moments.claimedUntil ? databaseTime(client, moments.claimedUntil) : null,
      created_at: databaseTime(client, moments.next),
    })
  }
  const ago = (minutes: number) => DateTime.utc().minus({ minutes })

  test('messages on their way are no trouble: just due, claimed now, retrying later, given up', async ({
    assert,
  }) => {
    await message('pending', { next: ago(1) })
    await message('pending', { next: ago(-30) })
    await message('sending', { next: ago(3), claimedUntil: ago(-1) })
    await message('failed', { next: ago(600) })
    const { status, body } = await ready()
    assert.equal(status, 200)
    assert.deepEqual(body.checks.outbox, { ok: true })
  })

  test('a message left sending 5 minutes past its claim: 503', async ({ assert }) => {
    await message('sending', { next: ago(20), claimedUntil: ago(6) })
    const { status, body } = await ready()
    assert.equal(status, 503)
    assert.deepEqual(body.checks.outbox, {
      ok: false,
      reason: '1 pesan tertahan berstatus sending lebih dari 5 menit',
    })
  })

  test('a pending message due for more than 15 minutes: 503', async ({ assert }) => {
    await message('pending', { next: ago(16) })
    await message('pending', { next: ago(60) })
    const { status, body } = await ready()
    assert.equal(status, 503)
    assert.deepEqual(body.checks.outbox, {
      ok: false,
      reason: '2 pesan menunggu lebih dari 15 menit setelah waktunya',
    })
  })
})
