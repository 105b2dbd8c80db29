import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Knex } from 'knex'

/**
 * One order model for both order types (issue 9).
 *
 * Before: every table was written for incoming-equipment (Alat Datang, DT)
 * orders: `internal_orders` held the shared columns and the DT-only ones,
 * `internal_alkes_orders` the device lines with their file paths, and the
 * receive, hand-over, feedback and inventory rows pointed at them.
 *
 * After: `orders` (with a `type`) holds what both types share, `order_devices`
 * the device lines of both, `order_files` every stored file or external link,
 * `invoices` the invoice stages; `internal_orders` keeps only the DT data,
 * keyed by its order. Ids are kept, so audit rows and links stay valid.
 *
 * The data is copied forward. Tables whose names are reused are first copied
 * to plain `kernel_tmp_*` tables, dropped, recreated with their constraints
 * and refilled: constraint and index names are global on PostgreSQL and
 * SQLite, so the old and the new table cannot exist side by side.
 */
const TIMESTAMP_DEFAULTS = (table: Knex.CreateTableBuilder) => {
  table.timestamp('created_at').notNullable()
  table.timestamp('updated_at').notNullable()
}

const CHECKLIST = [
  'review_request',
  'officer_readiness',
  'equipment_condition',
  'accommodation_and_environment',
  'calibration_ability',
  'workload',
  'calibration_method_compatibility',
] as const

/** Tables recreated under their old names, children first (the order they are dropped in). */
const REBUILT = ['inventories', 'feedbacks', 'internal_handovers', 'internal_receives'] as const

function contentTypeOf(path: string) {
  const extension = path.split('.').pop()?.toLowerCase()
  if (extension === 'pdf') return 'application/pdf'
  if (extension === 'png') return 'image/png'
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg'
  return 'application/octet-stream'
}

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('orders', (table) => {
      table.increments('id')
      table.string('type', 10).notNullable()
      table.string('number', 30).notNullable().unique()
      table.string('status', 30).notNullable()
      table.integer('fasyankes_id').unsigned().notNullable().references('id').inTable('fasyankes')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('folder_link', 500).nullable()
      table.date('certificate_date').nullable()
      table.date('payment_confirm_date').nullable()
      // The billable devices (every line but BATAL UJI) and their total, kept in step with the
      // lines in the same transaction (app/actions/orders/order_totals.ts).
      table.integer('device_count').notNullable().defaultTo(0)
      table.bigInteger('total_price').notNullable().defaultTo(0)
      table.smallint('invoice_stage').notNullable().defaultTo(0)
      TIMESTAMP_DEFAULTS(table)
      table.index(['type', 'created_at', 'id'], 'orders_type_created_idx')
      table.index(['fasyankes_id', 'type', 'created_at', 'id'], 'orders_facility_created_idx')
      table.index(['type', 'status'], 'orders_type_status_idx')
    })

    this.schema.createTable('order_devices', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.string('lab', 10).notNullable().defaultTo('pk')
      table.integer('alkes_id').unsigned().notNullable().references('id').inTable('alkes')
      table.bigInteger('price').notNullable().defaultTo(0)
      table.integer('minute_estimation').notNullable().defaultTo(0)
      table.text('description').nullable()
      table.string('status', 20).notNullable().defaultTo('BELUM SELESAI')
      table.string('merk', 100).nullable()
      table.string('model', 100).nullable()
      table.string('serial_number', 100).nullable()
      table.string('functionality', 20).nullable()
      table.text('accessories').nullable()
      table.text('admin_description').nullable()
      table
        .integer('officer_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('type', 20).nullable()
      table.string('additional_order_number', 50).nullable()
      table.string('certificate_number', 100).nullable()
      table.integer('certificate_month').nullable()
      table.date('work_date').nullable()
      table.string('work_place', 200).nullable()
      table.string('room_name', 100).nullable()
      table.boolean('is_laik').nullable()
      table
        .integer('finisher_officer_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('worksheet_saved_at').nullable()
      TIMESTAMP_DEFAULTS(table)
      table.index(['order_id', 'lab'], 'order_devices_order_idx')
      table.index(['officer_id'], 'order_devices_officer_idx')
    })

    this.schema.createTable('order_files', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table
        .integer('order_device_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('order_devices')
        .onDelete('CASCADE')
      table.string('kind', 40).notNullable()
      // Exactly one of the two: a file in the store, or an external (https) link.
      table.string('storage_key', 255).nullable()
      table.string('external_url', 500).nullable()
      table.string('original_name', 255).nullable()
      table.bigInteger('size').nullable()
      table.string('content_type', 100).nullable()
      table
        .integer('uploaded_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      // A replaced file stays stored and listed in the history; only the newest one counts.
      table.timestamp('superseded_at').nullable()
      table.index(['order_id', 'kind'], 'order_files_order_kind_idx')
      table.index(['order_device_id', 'kind'], 'order_files_device_kind_idx')
    })

    this.schema.createTable('invoices', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.smallint('stage').notNullable()
      table.date('invoice_date').notNullable()
      table.string('letter_number', 100).nullable()
      TIMESTAMP_DEFAULTS(table)
      table.unique(['order_id', 'stage'], { indexName: 'invoices_order_stage_unique' })
    })

    this.defer((db) => this.moveData(db))
  }

  private async moveData(db: QueryClientContract) {
    const now = new Date()
    // 1. Shared order data and the billable totals.
    await db.rawQuery(`
      INSERT INTO orders (id, type, number, status, fasyankes_id, user_id, folder_link,
        certificate_date, payment_confirm_date, device_count, total_price, invoice_stage,
        created_at, updated_at)
      SELECT o.id, 'internal', o.number, o.status, o.fasyankes_id, o.user_id, o.folder_link,
        o.certificate_date, o.payment_confirm_date,
        (SELECT COUNT(*) FROM internal_alkes_orders d
          WHERE d.internal_order_id = o.id AND d.status <> 'BATAL UJI'),
        (SELECT COALESCE(SUM(d.price), 0) FROM internal_alkes_orders d
          WHERE d.internal_order_id = o.id AND d.status <> 'BATAL UJI'),
        CASE WHEN o.invoice_third_date IS NOT NULL THEN 3
          WHEN o.invoice_second_date IS NOT NULL THEN 2
          WHEN o.invoice_first_date IS NOT NULL THEN 1 ELSE 0 END,
        o.created_at, o.updated_at
      FROM internal_orders o`)

    // 2. Device lines: every incoming-equipment line belongs to its device type's lab.
    await db.rawQuery(`
      INSERT INTO order_devices (id, order_id, lab, alkes_id, price, minute_estimation,
        description, status, merk, model, serial_number, functionality, accessories,
        admin_description, officer_id, type, additional_order_number, certificate_number,
        certificate_month, work_date, work_place, room_name, is_laik, finisher_officer_id,
        worksheet_saved_at, created_at, updated_at)
      SELECT d.id, d.internal_order_id, LOWER(a.laboratory), d.alkes_id, d.price,
        d.minute_estimation, d.description, d.status, d.merk, d.model, d.serial_number,
        d.functionality, d.accessories, d.admin_description, d.officer_id, d.type,
        d.additional_order_number, d.certificate_number, d.certificate_month, d.work_date,
        d.work_place, d.room_name, d.is_laik, d.finisher_officer_id, d.worksheet_saved_at,
        d.created_at, d.updated_at
      FROM internal_alkes_orders d JOIN alkes a ON a.id = d.alkes_id`)

    // 3. Files: the application letter, worksheets, certificates and results (file or link).
    const letters = await db
      .from('internal_orders')
      .whereNotNull('letter_path')
      .select('id', 'letter_path', 'user_id', 'created_at')
    const files: Record<string, unknown>[] = letters.map((row) => ({
      order_id: row.id,
      order_device_id: null,
      kind: 'application_letter',
      storage_key: row.letter_path,
      external_url: null,
      original_name: String(row.letter_path).split('/').pop(),
      content_type: contentTypeOf(row.letter_path),
      uploaded_by: row.user_id,
      created_at: row.created_at ?? now,
    }))
    const devices = await db
      .from('internal_alkes_orders')
      .select(
        'id',
        'internal_order_id',
        'worksheet_file_path',
        'certificate_file_path',
        'certificate_link',
        'result_file_path',
        'result_link',
        'updated_at'
      )
    for (const device of devices) {
      const add = (kind: string, path: string | null, link: string | null) => {
        if (!path && !link) return
        files.push({
          order_id: device.internal_order_id,
          order_device_id: device.id,
          kind,
          storage_key: path,
          external_url: path ? null : link,
          original_name: path ? String(path).split('/').pop() : null,
          content_type: path ? contentTypeOf(path) : null,
          uploaded_by: null,
          created_at: device.updated_at ?? now,
        })
      }
      add('worksheet', device.worksheet_file_path, null)
      add('certificate', device.certificate_file_path, device.certificate_link)
      add('result', device.result_file_path, device.result_link)
    }
    for (let i = 0; i < files.length; i += 200) {
      await db.table('order_files').multiInsert(files.slice(i, i + 200))
    }

    // 4. Invoice stages, one row per stage date that was set.
    for (const [stage, column] of [
      [1, 'invoice_first_date'],
      [2, 'invoice_second_date'],
      [3, 'invoice_third_date'],
    ] as const) {
      await db.rawQuery(`
        INSERT INTO invoices (order_id, stage, invoice_date, letter_number, created_at, updated_at)
        SELECT id, ${stage}, ${column}, NULL, updated_at, updated_at
        FROM internal_orders WHERE ${column} IS NOT NULL`)
    }

    // 5. Satellites kept under their names: copy aside, drop (children first), recreate, refill.
    await db.rawQuery(`CREATE TABLE kernel_tmp_internal_orders AS SELECT * FROM internal_orders`)
    for (const name of REBUILT) {
      await db.rawQuery(`CREATE TABLE kernel_tmp_${name} AS SELECT * FROM ${name}`)
    }
    for (const name of [...REBUILT, 'internal_alkes_orders', 'internal_orders']) {
      await db.rawQuery(`DROP TABLE ${name}`)
    }
    await this.createSatellites(db)

    await db.rawQuery(`
      INSERT INTO internal_orders (order_id, delivery_date_estimation, arrival_date_estimation,
        contact_person_name, contact_person_phone, delivery_option, delivery_travel_name,
        service_type, order_description, estimated_minutes, estimated_completion_at)
      SELECT id, delivery_date_estimation, arrival_date_estimation, contact_person_name,
        contact_person_phone, delivery_option, delivery_travel_name, service_type,
        order_description, estimated_minutes, estimated_completion_at
      FROM kernel_tmp_internal_orders`)
    await db.rawQuery(`
      INSERT INTO internal_receives (id, order_id, alkes_checker_user_id, contact_person_name,
        contact_person_phone, received_date, done_estimation_date, ${CHECKLIST.join(', ')},
        created_at, updated_at)
      SELECT id, internal_order_id, alkes_checker_user_id, contact_person_name,
        contact_person_phone, received_date, done_estimation_date, ${CHECKLIST.join(', ')},
        created_at, updated_at
      FROM kernel_tmp_internal_receives`)
    await db.rawQuery(`
      INSERT INTO internal_handovers (id, order_id, contact_person_receiver_name,
        contact_person_receiver_phone, alkes_accordingly, certificate_handedover, alkes_checked,
        cancel_test, user_id, created_at)
      SELECT id, internal_order_id, contact_person_receiver_name, contact_person_receiver_phone,
        alkes_accordingly, certificate_handedover, alkes_checked, cancel_test, user_id, created_at
      FROM kernel_tmp_internal_handovers`)
    await db.rawQuery(`
      INSERT INTO feedbacks (id, order_id, user_id, unit, critic, ratings, created_at)
      SELECT id, internal_order_id, user_id, unit, critic, ratings, created_at
      FROM kernel_tmp_feedbacks`)
    await db.rawQuery(`
      INSERT INTO inventories (id, fasyankes_id, alkes_id, merk, model, serial_number,
        last_calibration_date, next_calibration_date, order_device_id, created_at, updated_at)
      SELECT id, fasyankes_id, alkes_id, merk, model, serial_number, last_calibration_date,
        next_calibration_date, internal_alkes_order_id, created_at, updated_at
      FROM kernel_tmp_inventories`)
    for (const name of ['internal_orders', ...REBUILT]) {
      await db.rawQuery(`DROP TABLE kernel_tmp_${name}`)
    }

    // Ids were copied explicitly: PostgreSQL's sequences must continue after them.
    if (db.dialect.name === 'postgres') {
      for (const name of ['orders', 'order_devices', ...REBUILT]) {
        await db.rawQuery(
          `SELECT setval(pg_get_serial_sequence('${name}', 'id'), COALESCE((SELECT MAX(id) FROM ${name}), 0) + 1, false)`
        )
      }
    }
  }

  /** The DT-only tables and the ones pointing at orders, with their final constraints. */
  private async createSatellites(db: QueryClientContract) {
    await db.schema.createTable('internal_orders', (table) => {
      table
        .integer('order_id')
        .unsigned()
        .primary()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.date('delivery_date_estimation').notNullable()
      table.date('arrival_date_estimation').notNullable()
      table.string('contact_person_name', 150).notNullable()
      table.string('contact_person_phone', 30).notNullable()
      table.string('delivery_option', 50).notNullable()
      table.string('delivery_travel_name', 150).nullable()
      table.string('service_type', 30).notNullable().defaultTo('Reguler')
      table.text('order_description').nullable()
      table.integer('estimated_minutes').notNullable().defaultTo(0)
      table.timestamp('estimated_completion_at').nullable()
      table.index(['service_type', 'delivery_date_estimation'], 'internal_orders_daily_idx')
      table.index(['delivery_date_estimation'], 'internal_orders_delivery_idx')
    })
    await db.schema.createTable('internal_receives', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table
        .integer('alkes_checker_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('contact_person_name', 150).notNullable()
      table.string('contact_person_phone', 30).notNullable()
      table.date('received_date').notNullable()
      table.date('done_estimation_date').notNullable()
      for (const flag of CHECKLIST) table.boolean(flag).notNullable().defaultTo(true)
      TIMESTAMP_DEFAULTS(table)
    })
    await db.schema.createTable('internal_handovers', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.string('contact_person_receiver_name', 150).notNullable()
      table.string('contact_person_receiver_phone', 30).notNullable()
      table.boolean('alkes_accordingly').notNullable().defaultTo(true)
      table.boolean('certificate_handedover').notNullable().defaultTo(true)
      table.boolean('alkes_checked').notNullable().defaultTo(true)
      table.boolean('cancel_test').notNullable().defaultTo(false)
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })
    await db.schema.createTable('feedbacks', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('unit', 150).notNullable()
      table.text('critic').nullable()
      table.text('ratings').notNullable()
      table.timestamp('created_at').notNullable()
    })
    await db.schema.createTable('inventories', (table) => {
      table.increments('id')
      table
        .integer('fasyankes_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('fasyankes')
        .onDelete('CASCADE')
      table.integer('alkes_id').unsigned().notNullable().references('id').inTable('alkes')
      table.string('merk', 100).nullable()
      table.string('model', 100).nullable()
      table.string('serial_number', 100).notNullable()
      table.date('last_calibration_date').notNullable()
      table.date('next_calibration_date').notNullable()
      table
        .integer('order_device_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('order_devices')
        .onDelete('SET NULL')
      TIMESTAMP_DEFAULTS(table)
      table.unique(['fasyankes_id', 'alkes_id', 'serial_number'])
      table.index(['next_calibration_date'])
    })
  }

  /**
   * Forward only: the data of the old shape is gone once copied. Going down
   * (a development reset) drops the kernel and leaves empty tables under the
   * old names, only so that the older migrations can roll back after it.
   */
  async down() {
    for (const name of [
      'inventories',
      'feedbacks',
      'internal_handovers',
      'internal_receives',
      'internal_orders',
      'invoices',
      'order_files',
      'order_devices',
      'orders',
    ]) {
      this.schema.dropTableIfExists(name)
    }
    this.schema.createTable('internal_orders', (table) => {
      table.increments('id')
      for (const column of [
        'invoice_first_date',
        'invoice_second_date',
        'invoice_third_date',
        'payment_confirm_date',
      ]) {
        table.date(column).nullable()
      }
    })
    for (const name of [
      'internal_alkes_orders',
      'internal_receives',
      'internal_handovers',
      'feedbacks',
      'inventories',
    ]) {
      this.schema.createTable(name, (table) => table.increments('id'))
    }
  }
}
