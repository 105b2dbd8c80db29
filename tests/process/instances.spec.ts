import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Assert } from '@japa/assert'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { ACCOUNT_FREE_FAILURES, MAX_FAILED_SIGN_INS } from '#actions/auth/sign_in'
import drive from '@adonisjs/drive/services/main'
import { KEPT_READ_MS } from '#lists/kept_reads'
import {
  Browser,
  DEMO_PASSWORD,
  letterPdf,
  requestOrder,
  sharedThrowawayDatabase,
  signedIn,
  startServer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'
import { startFakeS3, type FakeS3 } from '#tests/helpers/fake_s3'

/**
 * Two instances of the app (two `node server.js`, one worker each, two ports) on one
 * database, as two machines behind a load balancer would run: what one instance
 * starts or stores, the other sees. On a PostgreSQL run the database is PostgreSQL;
 * on SQLite both processes open the same file (one machine only). Files go through
 * the file layer: by default (DRIVE_DISK=fs) to one STORAGE_PATH both instances are
 * given, as a shared mount would be; a run with DRIVE_DISK=s3 and the S3_* settings
 * in its environment gives both instances that S3-compatible bucket instead.
 */
const THROTTLED = /^Terlalu banyak percobaan masuk\. Silakan coba lagi dalam (.+)\.$/
/** Staff and facility demo accounts no other process test signs in with. */
const STAFF = 'head_of_pk_laboratory@kalibra.test'
const FACILITY = 'fasyankes@kalibra.test'
const THROTTLED_ACCOUNT = 'fasyankes2@kalibra.test'
const STORAGE = `tmp/inst-storage-${process.pid}`
const ON_S3 = env.get('DRIVE_DISK', 'fs') === 's3'

/**
 * Two instances (one worker each, one after the other: the first holds its port while the
 * second looks for a free one) on `throwaway`, with `settings` in their environment; the
 * returned function stops them, printing first what each wrote beyond its info lines.
 */
async function startPair(throwaway: Throwaway, settings: NodeJS.ProcessEnv) {
  const started: RunningServer[] = []
  const stop = async () => {
    for (const [index, server] of started.entries()) {
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() && !/^\{.*"level":(10|20|30),/.test(line))
      if (lines.length) console.error(`instance ${'AB'[index]}:\n${lines.slice(-40).join('\n')}`)
    }
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGTERM')
    await Promise.all(started.map((server) => server.exited))
  }
  try {
    for (let i = 0; i < 2; i++)
      started.push(await startServer(throwaway, { workers: 1, env: settings }))
  } catch (error) {
    await stop()
    throw error
  }
  return { a: started[0], b: started[1], stop }
}

/**
 * A facility's letter uploaded through A is stored once through the file layer (`stored` reads
 * it back from where both instances keep files) and downloaded through B by its uploader and
 * by staff.
 */
async function letterThroughBoth(
  assert: Assert,
  throwaway: Throwaway,
  [a, b]: [RunningServer, RunningServer],
  stored: (key: string) => Promise<Buffer | null>
) {
  // Unique to this run and pair, so the bytes downloaded are known to be this upload's.
  const letter = letterPdf(`dua instance ${process.pid} ${a.port}`)
  const [alkes] = await throwaway.query<{ id: number }>(
    "SELECT alkes_id AS id FROM alkes_services WHERE order_type = 'internal' ORDER BY alkes_id LIMIT 1"
  )
  assert.exists(alkes, 'a demo device type for incoming orders')
  const facilityOnA = await signedIn(a.port, FACILITY)
  const answer = await requestOrder(facilityOnA, alkes.id, letter)
  assert.equal(answer.status, 302, answer.body.slice(0, 300))
  const orderId = Number(/^\/internal\/(\d+)\/summary$/.exec(String(answer.headers.location))?.[1])
  assert.isAbove(orderId, 0, `redirected to ${answer.headers.location}`)

  const files = await throwaway.query<{ storage_key: string }>(
    "SELECT storage_key FROM order_files WHERE order_id = ? AND kind = 'application_letter'",
    [orderId]
  )
  assert.lengthOf(files, 1)
  assert.deepEqual(await stored(files[0].storage_key), letter, files[0].storage_key)

  for (const browser of [
    facilityOnA.copyTo(b.port),
    await signedIn(b.port, 'admin_pk@kalibra.test'),
  ]) {
    const download = await browser.send('GET', `/internal/${orderId}/letter`)
    assert.equal(download.status, 200)
    assert.equal(download.headers['content-type'], 'application/pdf')
    assert.deepEqual(download.bytes, letter)
  }
}

test.group('Two instances | one database', (group) => {
  let throwaway: Throwaway
  let a: RunningServer
  let b: RunningServer

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    // Both behind the same (loopback) proxy, on the same files.
    const pair = await startPair(throwaway, {
      TRUSTED_PROXIES: '127.0.0.1',
      ...(ON_S3 ? {} : { DRIVE_DISK: 'fs', STORAGE_PATH: STORAGE }),
    })
    ;({ a, b } = pair)
    return async () => {
      await pair.stop()
      await rm(app.makePath(STORAGE), { recursive: true, force: true })
    }
  })

  test('a write on A is in a list read on B within the time a kept read lives (KEPT_READ_MS)', async ({
    assert,
  }) => {
    const [alkes] = await throwaway.query<{ id: number }>(
      "SELECT alkes_id AS id FROM alkes_services WHERE order_type = 'internal' ORDER BY alkes_id LIMIT 1"
    )
    const [facility] = await throwaway.query<{ name: string }>(
      `SELECT f.fasyankes_name AS name FROM fasyankes f JOIN users u ON u.fasyankes_id = f.id
        WHERE u.email = ?`,
      [FACILITY]
    )
    const staffOnB = await signedIn(b.port, 'yantek@kalibra.test')
    // A searched list: its total is a kept read on B.
    const path = `/internal/datatable?${new URLSearchParams({ search: facility.name, limit: '5' })}`
    const totalOnB = async () => {
      const answer = await staffOnB.send('GET', path, { headers: { accept: 'application/json' } })
      assert.equal(answer.status, 200)
      return Number(JSON.parse(answer.body).total)
    }
    const before = await totalOnB()
    const facilityOnA = await signedIn(a.port, FACILITY)
    const written = await requestOrder(facilityOnA, alkes.id, letterPdf('kept reads'))
    assert.equal(written.status, 302)
    const writtenAt = Date.now()
    let seen = await totalOnB()
    while (seen === before && Date.now() - writtenAt < KEPT_READ_MS + 3000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      seen = await totalOnB()
    }
    assert.equal(seen, before + 1, `B still showed ${seen} ${Date.now() - writtenAt} ms after`)
  })

  test('a session started on A is served by B, a write on B uses it, and signing out on B ends it on A', async ({
    assert,
  }) => {
    assert.notEqual(a.port, b.port)
    assert.notEqual(a.child.pid, b.child.pid)
    const onA = await signedIn(a.port, STAFF)
    const onB = onA.copyTo(b.port)

    const pageOnB = await onB.visit('/profile')
    assert.equal(pageOnB.status, 200)
    assert.equal(JSON.parse(pageOnB.body).component, 'account/profile')

    // The XSRF token A handed out is checked against the session B reads.
    const name = `Kepala Lab PK dua instance ${process.pid}`
    const write = await onB.send('PUT', '/profile', {
      form: { name, nip: '', rank: '', position: '' },
      headers: { referer: '/profile' },
    })
    assert.equal(write.status, 302)
    assert.equal(write.headers.location, '/profile')
    const [user] = await throwaway.query<{ name: string }>(
      'SELECT name FROM users WHERE email = ?',
      [STAFF]
    )
    assert.equal(user.name, name)
    const stillOnA = await onA.visit('/profile')
    assert.equal(stillOnA.status, 200, 'still signed in on A')

    const signOut = await onB.send('GET', '/auth/logout')
    assert.equal(signOut.status, 302)
    assert.equal(signOut.headers.location, '/login')
    // A's browser still sends the session cookie it had: the session itself is gone.
    const afterOnA = await onA.visit('/profile')
    assert.equal(afterOnA.status, 302)
    assert.equal(afterOnA.headers.location, '/login')
    const afterOnB = await onA.copyTo(b.port).visit('/profile')
    assert.equal(afterOnB.status, 302)
    assert.equal(afterOnB.headers.location, '/login')
  })

  test('the sign-in throttle is shared: failures spread over A and B are refused at the same count as on one instance', async ({
    assert,
  }) => {
    const browsers = { a: new Browser(a.port), b: new Browser(b.port) }
    await browsers.a.visit('/login')
    await browsers.b.visit('/login')
    const attempt = (on: 'a' | 'b', email: string, password: string, from: string) =>
      browsers[on].signIn(email, password, { 'x-forwarded-for': from })
    const tries = MAX_FAILED_SIGN_INS + 2

    // Per email and address: the same wrong sign-ins on A alone, then alternating A and B.
    const alone: number[] = []
    const spread: number[] = []
    const aloneEmail = `inst.satu.${process.pid}@uji.kalibra.test`
    const spreadEmail = `inst.dua.${process.pid}@uji.kalibra.test`
    for (let i = 0; i < tries; i++) {
      const answer = await attempt('a', aloneEmail, 'salah-sekali', '192.0.2.21')
      alone.push(answer.status)
    }
    let last = null
    for (let i = 0; i < tries; i++) {
      last = await attempt(i % 2 ? 'b' : 'a', spreadEmail, 'salah-sekali', '192.0.2.22')
      spread.push(last.status)
    }
    const expected = [...Array(MAX_FAILED_SIGN_INS).fill(302), 429, 429]
    assert.deepEqual(alone, expected)
    assert.deepEqual(spread, expected)
    assert.match(last!.body, THROTTLED)
    assert.isAtLeast(Number(last!.headers['retry-after']), 1)

    // Per account, whatever the address: ten failures from ten addresses over A and B,
    // then both refuse the eleventh, the right password included.
    for (let i = 1; i <= ACCOUNT_FREE_FAILURES; i++) {
      const answer = await attempt(
        i % 2 ? 'a' : 'b',
        THROTTLED_ACCOUNT,
        'salah',
        `192.0.2.${100 + i}`
      )
      assert.equal(answer.status, 302, `failure ${i}`)
    }
    // Fresh addresses: only the account's count can refuse these.
    const onA = await attempt('a', THROTTLED_ACCOUNT, DEMO_PASSWORD, '192.0.2.201')
    const onB = await attempt('b', THROTTLED_ACCOUNT, DEMO_PASSWORD, '192.0.2.202')
    for (const refused of [onA, onB]) {
      assert.equal(refused.status, 429)
      const wait = refused.body.match(THROTTLED)?.[1]
      assert.match(String(wait), /^\d+ detik$/)
      assert.isAtMost(Number.parseInt(String(wait)), 30)
    }
  })

  test('a letter uploaded through A is downloaded through B, by its uploader and by staff', async ({
    assert,
  }) => {
    // Where both instances read: the STORAGE_PATH they share, or the bucket.
    await letterThroughBoth(assert, throwaway, [a, b], async (key) => {
      if (ON_S3)
        return (await drive.use().exists(key)) ? Buffer.from(await drive.use().getBytes(key)) : null
      const onDisk = app.makePath(STORAGE, key)
      return existsSync(onDisk) ? readFileSync(onDisk) : null
    })
  })
})

/**
 * Two machines keep files in an S3-compatible store (DRIVE_DISK=s3): here a local one
 * (tests/helpers/fake_s3.ts) reached by its endpoint and key pair, as MinIO would be. Neither
 * instance has a folder of files the other can see: what one stores, the other reads from the
 * bucket.
 */
test.group('Two instances | files in an S3-compatible store', (group) => {
  let throwaway: Throwaway
  let store: FakeS3
  let pair: Awaited<ReturnType<typeof startPair>>

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    store = await startFakeS3()
    try {
      pair = await startPair(throwaway, { ...store.env, STORAGE_PATH: `${STORAGE}-unused` })
    } catch (error) {
      await store.stop()
      throw error
    }
    return async () => {
      await pair.stop()
      await store.stop()
    }
  })

  test('a letter uploaded through A is kept in the bucket, not on either disk, and downloaded through B', async ({
    assert,
  }) => {
    await letterThroughBoth(assert, throwaway, [pair.a, pair.b], (key) => store.object(key))
    assert.isFalse(
      existsSync(app.makePath(`${STORAGE}-unused`)),
      'nothing written to a local folder'
    )
  })
})
