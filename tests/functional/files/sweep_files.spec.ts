import { test } from '@japa/runner'
import { utimes } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { Disk, DriveFile } from '@adonisjs/drive'
import type { DriverContract } from '@adonisjs/drive/types'
import SweepFiles from '../../../commands/sweep_files.js'
import { sweepFiles } from '#files/file_sweep'
import { makeOrder } from '#tests/functional/internal_orders/_support'

async function runSweep(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(SweepFiles, args)
  await command.exec()
  const logs = ace.ui.logger.getLogs().map((log) => log.message)
  ace.ui.logger.flushLogs()
  ace.ui.switchMode('normal')
  return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
}

const TWO_DAYS_AGO = new Date(Date.now() - 48 * 60 * 60 * 1000)

/**
 * Issue 33, point 3: `node ace kalibra:sweep-files` lists the stored files no row references and
 * older than the grace period (a dry run), and removes them with --delete. Run on the fake disk
 * (a local folder, as the fs disk is); the S3 disk answers the same listing calls.
 */
test.group('Stored files | kalibra:sweep-files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('finds only an unreferenced file older than the grace, and deletes it only with --delete', async ({
    assert,
  }) => {
    const fake = drive.fake()
    const aged = async (key: string, bytes: string) => {
      await fake.put(key, bytes)
      const path = join(fake.driver.options.location.toString(), key)
      await utimes(path, TWO_DAYS_AGO, TWO_DAYS_AGO)
    }
    try {
      const { order } = await makeOrder()
      await aged('letters/yatim.pdf', '%PDF-1.4 yatim')
      await aged('results/7/dipakai.pdf', '%PDF-1.4 dipakai')
      await fake.put('payments/7/baru.pdf', '%PDF-1.4 baru')
      // Not one of the app's folders: never listed, whatever its age.
      await aged('lain/arsip.txt', 'bukan milik aplikasi')
      await db.table('order_files').insert({
        order_id: order.id,
        kind: 'result',
        storage_key: 'results/7/dipakai.pdf',
        original_name: 'dipakai.pdf',
        created_at: new Date(),
      })

      const dry = await runSweep()

      assert.equal(dry.exitCode, 0)
      assert.include(dry.output, 'letters/yatim.pdf')
      assert.include(
        dry.output,
        `1 unreferenced file(s) older than 24h, ${'%PDF-1.4 yatim'.length} bytes`
      )
      assert.include(dry.output, 'DRY RUN')
      for (const kept of ['results/7/dipakai.pdf', 'payments/7/baru.pdf', 'lain/arsip.txt']) {
        assert.notInclude(dry.output, kept)
      }
      fake.assertExists(['letters/yatim.pdf', 'results/7/dipakai.pdf', 'payments/7/baru.pdf'])

      const swept = await runSweep(['--delete'])

      assert.equal(swept.exitCode, 0)
      assert.include(swept.output, 'REMOVED 1 of 1 unreferenced file(s)')
      fake.assertMissing('letters/yatim.pdf')
      fake.assertExists(['results/7/dipakai.pdf', 'payments/7/baru.pdf', 'lain/arsip.txt'])
    } finally {
      drive.restore()
    }
  })

  test('a grace shorter than an hour is refused, nothing removed', async ({ assert }) => {
    const fake = drive.fake()
    try {
      await fake.put('letters/baru.pdf', '%PDF-1.4')
      const run = await runSweep(['--older-than=1m', '--delete'])
      assert.equal(run.exitCode, 1)
      assert.include(run.output, '--older-than')
      fake.assertExists('letters/baru.pdf')
    } finally {
      drive.restore()
    }
  })

  test('a store that lists page by page (as S3 does, a thousand keys a page) is read to its last page', async ({
    assert,
  }) => {
    // A bucket of 5 letters listed 2 a page, with S3's metadata (size and date) on each key.
    const old = new Date(Date.now() - 48 * 60 * 60 * 1000)
    const keys = ['a', 'b', 'c', 'd', 'e'].map((name) => `letters/${name}.pdf`)
    const stored = new Set(keys)
    const bucket = {
      async listAll(prefix: string, options?: { paginationToken?: string }) {
        const matching = [...stored].filter((key) => key.startsWith(prefix)).sort()
        const start = Number(options?.paginationToken ?? 0)
        const objects = matching.slice(start, start + 2).map(
          (key) =>
            new DriveFile(key, bucket as unknown as DriverContract, {
              contentLength: 10,
              lastModified: old,
              etag: key,
            })
        )
        const next = start + 2 < matching.length ? String(start + 2) : undefined
        return { objects, paginationToken: next }
      },
      async delete(key: string) {
        stored.delete(key)
      },
    }
    const disk = new Disk(bucket as unknown as DriverContract)
    const { order } = await makeOrder()
    await db.table('order_files').insert({
      order_id: order.id,
      kind: 'application_letter',
      storage_key: 'letters/c.pdf',
      created_at: new Date(),
    })

    const result = await sweepFiles(
      db.connection(),
      { olderThanMs: 24 * 60 * 60 * 1000, remove: true },
      disk
    )

    assert.equal(result.listed, 5)
    assert.deepEqual(
      result.orphans.map((file) => file.key),
      ['letters/a.pdf', 'letters/b.pdf', 'letters/d.pdf', 'letters/e.pdf']
    )
    assert.equal(result.bytes, 40)
    assert.deepEqual([...stored], ['letters/c.pdf'])
  })
})
