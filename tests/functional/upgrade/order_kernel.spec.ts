import { test } from '@japa/runner'
import { cp, mkdir, readdir, rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The order kernel is reached by forward migrations: a database created by
 * the app as it was before (orders only in `internal_orders`, device lines
 * with their file paths, invoice dates as columns) is filled with orders in
 * every status, with files, a receive, a hand-over, feedback and inventory,
 * then migrated; nothing may be lost.
 *
 * It runs on its own database beside the suite's: a SQLite file, or a
 * PostgreSQL schema of the suite's database.
 */
const KERNEL = '0020_create_order_kernel'
const tag = `upgrade_${process.pid}`
const folder = `tmp/${tag}/migrations`

async function runMigrations(connectionName: string) {
  const runner = new MigrationRunner(db, app, { direction: 'up', connectionName })
  await runner.run()
  if (runner.error) throw runner.error
}

async function openUpgradeConnection() {
  const main = db.primaryConnectionName
  const base = db.manager.get(main)!.config as any
  if (base.client === 'pg') {
    await db.rawQuery(`CREATE SCHEMA IF NOT EXISTS ${tag}`)
    db.manager.add(tag, {
      ...base,
      searchPath: [tag, 'public'],
      migrations: { ...base.migrations },
    })
  } else {
    db.manager.add(tag, {
      ...base,
      connection: { filename: app.makePath(`tmp/${tag}.sqlite3`) },
      migrations: { ...base.migrations },
    })
  }
  db.manager.connect(tag)
  return { client: db.connection(tag), pg: base.client === 'pg', base }
}

async function closeUpgradeConnection(pg: boolean) {
  await db.manager.close(tag, true)
  if (pg) await db.rawQuery(`DROP SCHEMA IF EXISTS ${tag} CASCADE`)
  await rm(app.makePath(`tmp/${tag}`), { recursive: true, force: true })
  for (const suffix of ['', '-wal', '-shm'])
    await rm(app.makePath(`tmp/${tag}.sqlite3${suffix}`), { force: true })
}

/** The schema of the app before the kernel: every migration older than it. */
async function migrateToOldSchema(base: any) {
  await mkdir(app.makePath(folder), { recursive: true })
  for (const file of await readdir(app.makePath('database/migrations'))) {
    if (file < KERNEL)
      await cp(app.makePath('database/migrations', file), app.makePath(folder, file))
  }
  const manager = db.manager.get(tag)!
  ;(manager.config as any).migrations = { ...base.migrations, paths: [folder] }
  await runMigrations(tag)
  // Recorded as if run from database/migrations, so the real run continues after them.
  await db
    .connection(tag)
    .from('adonis_schema')
    .update({
      name: db.connection(tag).raw(`replace(name, ?, ?)`, [folder, 'database/migrations']),
    })
  ;(manager.config as any).migrations = { ...base.migrations }
}

const STATUSES = [
  'MENUNGGU',
  'ORDER DITERIMA',
  'DITOLAK',
  'ALAT DITERIMA',
  'PROSES PENGERJAAN',
  'MENUNGGU FEEDBACK',
  'SELESAI',
]
const now = '2026-11-01 08:00:00'

/** Orders in every status, shaped as the old app stored them. */
async function fillOldSchema(client: QueryClientContract) {
  await client.table('provinces').insert({ code: '73', name: 'SULAWESI SELATAN' })
  const [facility] = await client
    .table('fasyankes')
    .insert({
      fasyankes_name: 'RS Uji Migrasi',
      type: 'Negeri',
      province_code: '73',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const facilityId = Number((facility as any).id ?? facility)
  const [user] = await client
    .table('users')
    .insert({
      name: 'Petugas Migrasi',
      email: 'migrasi@uji.test',
      password: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const userId = Number((user as any).id ?? user)
  const [alkes] = await client
    .table('alkes')
    .insert({
      name: 'Tensimeter Migrasi',
      laboratory: 'PK',
      price: 150000,
      minute_estimation: 60,
      alkes_code: 'MIG-1',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const alkesId = Number((alkes as any).id ?? alkes)

  const ids: number[] = []
  for (const [index, status] of STATUSES.entries()) {
    const received = STATUSES.indexOf(status) >= 3 && status !== 'DITOLAK'
    const [row] = await client
      .table('internal_orders')
      .insert({
        number: `DT/2026/11/${String(index + 1).padStart(4, '0')}`,
        status,
        user_id: userId,
        fasyankes_id: facilityId,
        letter_path: `letters/surat-${index}.pdf`,
        delivery_date_estimation: '2026-11-10',
        arrival_date_estimation: '2026-11-11',
        contact_person_name: `Narahubung ${index}`,
        contact_person_phone: '0811000000',
        delivery_option: 'Via Travel',
        delivery_travel_name: 'Travel Uji',
        service_type: 'Reguler',
        order_description: status === 'DITOLAK' ? 'Surat belum lengkap.' : null,
        estimated_minutes: 120,
        estimated_completion_at: '2026-11-11 02:00:00',
        certificate_date: status === 'SELESAI' ? '2026-11-20' : null,
        folder_link: received ? `https://drive.example.com/${index}` : null,
        invoice_first_date: status === 'SELESAI' ? '2026-11-21' : null,
        invoice_second_date: status === 'SELESAI' ? '2026-11-22' : null,
        payment_confirm_date: status === 'SELESAI' ? '2026-11-23' : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    const orderId = Number((row as any).id ?? row)
    ids.push(orderId)
    for (const [line, deviceStatus] of [
      status === 'SELESAI' || status === 'MENUNGGU FEEDBACK' ? 'SELESAI' : 'BELUM SELESAI',
      'BATAL UJI',
    ].entries()) {
      const done = deviceStatus === 'SELESAI'
      const [device] = await client
        .table('internal_alkes_orders')
        .insert({
          internal_order_id: orderId,
          alkes_id: alkesId,
          price: 150000,
          minute_estimation: 60,
          status: deviceStatus,
          merk: received ? 'Omron' : null,
          serial_number: received ? `MIG-${orderId}-${line}` : null,
          admin_description: deviceStatus === 'BATAL UJI' ? 'Alat rusak.' : null,
          officer_id: received ? userId : null,
          certificate_number: done ? `KAL/${orderId}` : null,
          work_date: done ? '2026-11-15' : null,
          is_laik: done ? true : null,
          worksheet_saved_at: done ? now : null,
          worksheet_file_path: done ? `worksheets/${orderId}/ws.pdf` : null,
          certificate_link: done ? `https://drive.example.com/cert-${orderId}.pdf` : null,
          result_file_path: done ? `results/${orderId}/hasil.pdf` : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
      const deviceId = Number((device as any).id ?? device)
      if (done) {
        await client.table('inventories').insert({
          fasyankes_id: facilityId,
          alkes_id: alkesId,
          serial_number: `MIG-${orderId}-${line}`,
          last_calibration_date: '2026-11-15',
          next_calibration_date: '2027-11-15',
          internal_alkes_order_id: deviceId,
          created_at: now,
          updated_at: now,
        })
      }
    }
    if (received) {
      await client.table('internal_receives').insert({
        internal_order_id: orderId,
        alkes_checker_user_id: userId,
        contact_person_name: 'Penyerah',
        contact_person_phone: '0811',
        received_date: '2026-11-11',
        done_estimation_date: '2026-11-12',
        workload: false,
        created_at: now,
        updated_at: now,
      })
    }
    if (['MENUNGGU FEEDBACK', 'SELESAI'].includes(status)) {
      await client.table('internal_handovers').insert({
        internal_order_id: orderId,
        contact_person_receiver_name: 'Penerima',
        contact_person_receiver_phone: '0812',
        cancel_test: true,
        user_id: userId,
        created_at: now,
      })
    }
    if (status === 'SELESAI') {
      await client.table('feedbacks').insert({
        internal_order_id: orderId,
        user_id: userId,
        unit: 'IPS',
        critic: 'Baik',
        ratings: JSON.stringify({ '1_a_K_1': 5 }),
        created_at: now,
      })
    }
  }
  return { ids, facilityId, userId, alkesId }
}

/** Everything a person could ask about an order, read from the old tables. */
async function oldPicture(client: QueryClientContract) {
  const orders = await client.from('internal_orders').orderBy('id')
  const devices = await client.from('internal_alkes_orders').orderBy('id')
  return { orders, devices }
}

test.group('Upgrade | the order kernel migration keeps every order', () => {
  test('orders in every status, with files, receive, hand-over, feedback and inventory, survive the move', async ({
    assert,
  }) => {
    const { client, pg, base } = await openUpgradeConnection()
    try {
      await migrateToOldSchema(base)
      const { ids, facilityId, userId } = await fillOldSchema(client)
      const before = await oldPicture(client)

      await runMigrations(tag)

      const orders = await client.from('orders').orderBy('id')
      assert.deepEqual(
        orders.map((o) => Number(o.id)),
        ids,
        'same ids'
      )
      for (const old of before.orders) {
        const order = orders.find((o) => Number(o.id) === Number(old.id))!
        const where = `order ${old.number}`
        assert.equal(order.type, 'internal', where)
        assert.equal(order.number, old.number, where)
        assert.equal(order.status, old.status, where)
        assert.equal(Number(order.fasyankes_id), facilityId, where)
        assert.equal(Number(order.user_id), userId, where)
        assert.equal(order.folder_link, old.folder_link, where)
        assert.equal(
          String(order.certificate_date ?? ''),
          String(old.certificate_date ?? ''),
          where
        )
        assert.equal(
          String(order.payment_confirm_date ?? ''),
          String(old.payment_confirm_date ?? ''),
          where
        )
        // Billable: the BATAL UJI line is left out of the count and the total.
        assert.equal(Number(order.device_count), 1, where)
        assert.equal(Number(order.total_price), 150000, where)
        assert.equal(Number(order.invoice_stage), old.status === 'SELESAI' ? 2 : 0, where)

        const details = await client.from('internal_orders').where('order_id', old.id).firstOrFail()
        for (const column of [
          'contact_person_name',
          'contact_person_phone',
          'delivery_option',
          'delivery_travel_name',
          'service_type',
          'order_description',
          'estimated_minutes',
        ])
          assert.equal(String(details[column]), String(old[column]), `${where} ${column}`)

        const letter = await client
          .from('order_files')
          .where('order_id', old.id)
          .where('kind', 'application_letter')
          .firstOrFail()
        assert.equal(letter.storage_key, old.letter_path, `${where} letter`)
        assert.equal(letter.content_type, 'application/pdf', `${where} letter type`)

        const invoices = await client.from('invoices').where('order_id', old.id).orderBy('stage')
        assert.deepEqual(
          invoices.map((i) => Number(i.stage)),
          old.status === 'SELESAI' ? [1, 2] : [],
          `${where} invoices`
        )
      }

      const devices = await client.from('order_devices').orderBy('id')
      assert.equal(devices.length, before.devices.length)
      for (const old of before.devices) {
        const device = devices.find((d) => Number(d.id) === Number(old.id))!
        const where = `device ${old.id}`
        assert.equal(Number(device.order_id), Number(old.internal_order_id), where)
        assert.equal(device.lab, 'pk', where)
        for (const column of [
          'status',
          'serial_number',
          'admin_description',
          'certificate_number',
          'merk',
        ])
          assert.equal(device[column], old[column], `${where} ${column}`)
        const files = await client
          .from('order_files')
          .where('order_device_id', old.id)
          .orderBy('kind')
        const expected = [
          old.certificate_link ? ['certificate', null, old.certificate_link] : null,
          old.result_file_path ? ['result', old.result_file_path, null] : null,
          old.worksheet_file_path ? ['worksheet', old.worksheet_file_path, null] : null,
        ].filter(Boolean)
        assert.deepEqual(
          files.map((f) => [f.kind, f.storage_key, f.external_url]),
          expected,
          `${where} files`
        )
      }

      const count = async (table: string) => {
        const row = await client.from(table).count('* as total').first()
        return Number(row?.total)
      }
      assert.equal(await count('internal_receives'), 4)
      assert.equal(await count('internal_handovers'), 2)
      assert.equal(await count('feedbacks'), 1)
      assert.equal(await count('inventories'), 2)
      const inventory = await client.from('inventories').orderBy('id')
      for (const item of inventory) {
        const device = devices.find((d) => Number(d.id) === Number(item.order_device_id))
        assert.exists(device, 'inventory points at its device line')
      }
      const receive = await client.from('internal_receives').orderBy('id').firstOrFail()
      assert.isTrue(ids.includes(Number(receive.order_id)))
      assert.isFalse(Boolean(Number(receive.workload)), 'a checklist answer is kept')
      const handover = await client.from('internal_handovers').orderBy('id').firstOrFail()
      assert.isTrue(Boolean(Number(handover.cancel_test)))

      // The old shape is gone; new orders continue after the copied ids.
      const [next] = await client
        .table('orders')
        .insert({
          type: 'internal',
          number: 'DT/2026/11/9999',
          status: 'MENUNGGU',
          fasyankes_id: facilityId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
      assert.isAbove(Number((next as any).id ?? next), Math.max(...ids))
    } finally {
      await closeUpgradeConnection(pg)
    }
  }).timeout(120_000)
})
