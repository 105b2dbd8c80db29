import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withStagedFiles } from '#files/staged_files'
import { recordFile } from '#files/order_files'
import {
  FACILITY_EMAIL,
  countRows,
  isRedirect,
  makeAlkes,
  makeOrder,
  orderFields,
  pdfBuffer,
  userByEmail,
} from '#tests/functional/internal_orders/_support'

/** Every key stored under a folder of the (fake) disk. */
async function storedKeys(folder: string) {
  const keys: string[] = []
  const { objects } = await drive.use().listAll(folder, { recursive: true })
  for (const object of objects) if (object.isFile) keys.push(object.key)
  return keys.sort()
}

/**
 * Issue 33, point 3: a letter stored for an order whose transaction then fails is removed, and
 * the files of deleted rows are removed only once the deletion commits.
 */
test.group('Stored files | a failed write leaves no file', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('an order create whose transaction fails after the letter was stored leaves no letter in storage', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const create = () =>
      client
        .post('/internal')
        .loginAs(facility)
        .withCsrfToken()
        .withInertia()
        .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
        .fields(orderFields([{ alkes_id: alkes.id, quantity: 1 }]))
        .redirects(0)
    const first = await create()
    assert.isTrue(isRedirect(first), `status ${first.status()}`)
    const letters = await storedKeys('letters')
    assert.lengthOf(letters, 1)
    const last = await db.from('orders').orderBy('id', 'desc').select('number').firstOrFail()
    const prefix = String(last.number).replace(/\/\d+$/, '')
    // The month's counter set back one: the next order takes a number already used, so its
    // insert fails on the unique number inside the transaction, after the letter was stored.
    await db.from('order_counters').where('prefix', prefix).decrement('last_value', 1)
    const orders = await countRows('orders')

    const failed = await create()

    assert.isFalse(isRedirect(failed), `status ${failed.status()}`)
    assert.equal(await countRows('orders'), orders)
    assert.deepEqual(await storedKeys('letters'), letters)
  })

  test('deleting a waiting order removes its letter from storage once the deletion commits', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const created = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields([{ alkes_id: alkes.id, quantity: 1 }]))
      .redirects(0)
    assert.isTrue(isRedirect(created), `status ${created.status()}`)
    const order = await db.from('orders').orderBy('id', 'desc').select('id').firstOrFail()
    assert.lengthOf(await storedKeys('letters'), 1)

    const deleted = await client
      .delete(`/internal/${order.id}`)
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)

    assert.isTrue(isRedirect(deleted), `status ${deleted.status()}`)
    assert.equal(await countRows('orders', { id: order.id }), 0)
    assert.deepEqual(await storedKeys('letters'), [])
  })

  test('StagedFiles: a failure before the transaction removes the file; a commit keeps it; a rollback removes it', async ({
    assert,
  }) => {
    const { order } = await makeOrder()
    const record = (trx: TransactionClientContract, key: string) =>
      recordFile(
        trx,
        { order, kind: 'application_letter', userId: null },
        { stored: { key, originalName: 'surat.pdf', size: 8, contentType: 'application/pdf' } }
      )

    await assert.rejects(() =>
      withStagedFiles(async (files) => {
        await files.put('letters/sebelum.pdf', pdfBuffer(), 'application/pdf')
        throw new Error('gagal sebelum transaksi')
      })
    )
    await withStagedFiles(async (files) => {
      await files.put('letters/disimpan.pdf', pdfBuffer(), 'application/pdf')
      await db.transaction((trx) => record(trx, 'letters/disimpan.pdf'))
    })
    await withStagedFiles(async (files) => {
      await files.put('letters/dibatalkan.pdf', pdfBuffer(), 'application/pdf')
      const trx = await db.transaction()
      await record(trx, 'letters/dibatalkan.pdf')
      await trx.rollback()
      // Removed at the rollback itself, before the write ends.
      assert.isFalse(await drive.use().exists('letters/dibatalkan.pdf'))
    })

    assert.deepEqual(await storedKeys('letters'), ['letters/disimpan.pdf'])
  })
})
