import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedDemoCertificates } from '#database/seeders/demo_certificates'

/** A fresh demo installation shows traceable certificates: approved, amended and waiting. */
test.group('Demo data | certificates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('two patient monitors measured point by point: one certificate amended, one waiting for the PK head', async ({
    assert,
  }) => {
    const before = await db.from('certificates').max('id as id').first()
    await seedDemoCertificates()
    const certificates = await db
      .from('certificates')
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('order_device_id')
      .orderBy('revision')
    assert.deepEqual(
      certificates.map((row) => [row.revision, row.status]),
      [
        [0, 'Diganti'],
        [1, 'Berlaku'],
        [0, 'Menunggu Persetujuan'],
      ].map(([revision, status]) => [revision, status])
    )
    assert.equal(certificates[1].number, `${certificates[0].number}-R1`)
    const lines = certificates.map((row) => Number(row.order_device_id))
    const points = await db
      .from('worksheet_points')
      .whereIn('order_device_id', lines)
      .count('* as total')
      .first()
    assert.isAbove(Number(points?.total), 20)
    const failed = await db
      .from('worksheet_points')
      .whereIn('order_device_id', lines)
      .where('passed', false)
    assert.lengthOf(failed, 0, 'a demo monitor in good order passes every point')
    const standards = await db.from('order_device_standards').whereIn('order_device_id', lines)
    assert.isAbove(standards.length, 1)
    const inventory = await db.from('inventories').where('order_device_id', lines[0])
    assert.lengthOf(inventory, 1, 'the approved monitor is in the facility inventory')
  })
})
