import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Traceable calibration records (issue 15, ISO/IEC 17025 7.5, 7.8, 7.10):
 *
 * - `alkes_test_points`: a device type's test template (parameter, unit, nominal, tolerance,
 *   repeats, the device's usual resolution), edited by the heads and admins of its lab;
 * - `worksheet_points`: a device line's measurements, one per test point, with the template's
 *   values copied at the first save (a later template change never rewrites a worksheet) and
 *   the results computed by shared/measurement.ts kept beside the readings;
 * - `calibrator_calibrations`: a reference calibrator's own history (each calibration with its
 *   certificate, due date and verdict, and each out-of-tolerance finding) and
 *   `calibrator_uncertainties`: the expanded uncertainties its certificate states;
 * - `order_device_standards`: the calibrators a device line was measured with, each with the
 *   calibration record that was valid on the work date (what the certificate prints);
 * - `certificates`: the generated certificates of a device line, one row a revision.
 *
 * Existing calibrators get a history row from their last and next calibration dates, so a
 * calibrator that was current stays usable.
 */
const WORKSHEET_COLUMNS = [
  'ambient_temperature',
  'ambient_humidity',
  'measured_laik',
  'laik_override_reason',
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alkes_test_points', (table) => {
      table.increments('id')
      table
        .integer('alkes_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('alkes')
        .onDelete('CASCADE')
      table.smallint('position').notNullable()
      table.string('parameter', 100).notNullable()
      table.string('unit', 30).notNullable()
      table.double('nominal').notNullable()
      table.double('tolerance').notNullable()
      // 'abs': ± tolerance in the point's unit; 'pct': ± tolerance percent of the nominal.
      table.string('tolerance_type', 3).notNullable().defaultTo('abs')
      table.smallint('repeats').notNullable().defaultTo(3)
      table.double('resolution').notNullable()
      table.unique(['alkes_id', 'position'])
    })

    this.schema.alterTable('order_devices', (table) => {
      table.double('ambient_temperature').nullable()
      table.double('ambient_humidity').nullable()
      // The verdict the points give (null: the worksheet has no measurements).
      table.boolean('measured_laik').nullable()
      // Why the officer's LAIK/TIDAK LAIK differs from measured_laik.
      table.text('laik_override_reason').nullable()
    })

    this.schema.createTable('worksheet_points', (table) => {
      table.increments('id')
      table
        .integer('order_device_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('order_devices')
        .onDelete('CASCADE')
      table.smallint('position').notNullable()
      table.string('parameter', 100).notNullable()
      table.string('unit', 30).notNullable()
      table.double('nominal').notNullable()
      table.double('tolerance').notNullable()
      table.string('tolerance_type', 3).notNullable()
      table.smallint('repeats').notNullable()
      table.double('resolution').notNullable()
      table.integer('calibrator_id').unsigned().nullable().references('id').inTable('calibrators')
      // The reference's expanded uncertainty (k = 2) used for this point.
      table.double('reference_uncertainty').notNullable()
      // The readings as a JSON array of numbers.
      table.text('readings').notNullable()
      table.double('mean').notNullable()
      table.double('error').notNullable()
      table.double('expanded_uncertainty').notNullable()
      table.boolean('passed').notNullable()
      table.unique(['order_device_id', 'position'])
    })

    this.schema.createTable('calibrator_calibrations', (table) => {
      table.increments('id')
      table
        .integer('calibrator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrators')
        .onDelete('CASCADE')
      // 'calibration': its own calibration; 'out_of_tolerance': a finding that it is out.
      table.string('kind', 20).notNullable()
      table.date('performed_on').notNullable()
      table.date('due_on').nullable()
      table.string('certificate_number', 100).nullable()
      table.string('issuer', 200).nullable()
      table.boolean('passed').notNullable()
      table.text('notes').nullable()
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['calibrator_id', 'performed_on'], 'calibrator_calibrations_dated_idx')
    })

    this.schema.createTable('calibrator_uncertainties', (table) => {
      table.increments('id')
      table
        .integer('calibration_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrator_calibrations')
        .onDelete('CASCADE')
      table.string('parameter', 100).notNullable()
      table.string('unit', 30).notNullable()
      table.double('expanded_uncertainty').notNullable()
      table.index(['calibration_id'], 'calibrator_uncertainties_calibration_idx')
    })

    this.schema.createTable('order_device_standards', (table) => {
      table
        .integer('order_device_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('order_devices')
        .onDelete('CASCADE')
      table
        .integer('calibrator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrators')
      table
        .integer('calibration_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrator_calibrations')
      table.primary(['order_device_id', 'calibrator_id'])
      table.index(['calibrator_id', 'order_device_id'], 'order_device_standards_calibrator_idx')
    })

    this.schema.createTable('certificates', (table) => {
      table.increments('id')
      table
        .integer('order_device_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('order_devices')
        .onDelete('CASCADE')
      table.smallint('revision').notNullable()
      // 'Menunggu Persetujuan', 'Berlaku' (the current revision) or 'Diganti' (superseded).
      table.string('status', 25).notNullable()
      // When it entered its status (workflows/kit.ts moveStatus): how long it has waited.
      table.timestamp('status_changed_at').nullable()
      table.string('number', 130).nullable()
      // The public verification code behind its QR code (services/label_codes.ts).
      table.string('code', 10).notNullable().unique()
      table.text('amendment_reason').nullable()
      table
        .integer('requested_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('approved_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('approved_at').nullable()
      table.timestamp('superseded_at').nullable()
      table
        .integer('order_file_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('order_files')
        .onDelete('SET NULL')
      // What the approved certificate says, as JSON (app/documents/certificates/contents.ts).
      table.text('contents').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['order_device_id', 'revision'])
      table.index(['status', 'created_at'], 'certificates_status_idx')
    })

    this.defer(async (db) => {
      const now = new Date()
      const calibrators = await db
        .from('calibrators')
        .whereNotNull('last_calibration_date')
        .whereNotNull('next_calibration_date')
        .select('id', 'last_calibration_date', 'next_calibration_date')
      for (let i = 0; i < calibrators.length; i += 200) {
        const rows = calibrators.slice(i, i + 200).map((calibrator) => ({
          calibrator_id: calibrator.id,
          kind: 'calibration',
          performed_on: calibrator.last_calibration_date,
          due_on: calibrator.next_calibration_date,
          passed: true,
          notes: 'Dari tanggal kalibrasi pada data kalibrator.',
          created_at: now,
          updated_at: now,
        }))
        if (rows.length) await db.table('calibrator_calibrations').multiInsert(rows)
      }
    })
  }

  async down() {
    this.schema.dropTable('certificates')
    this.schema.dropTable('order_device_standards')
    this.schema.dropTable('calibrator_uncertainties')
    this.schema.dropTable('calibrator_calibrations')
    this.schema.dropTable('worksheet_points')
    // Native DROP COLUMN on both databases: knex would rebuild the SQLite table and lose the
    // triggers earlier migrations keep on the lines.
    for (const column of WORKSHEET_COLUMNS) {
      this.schema.raw(`ALTER TABLE order_devices DROP COLUMN ${column}`)
    }
    this.schema.dropTable('alkes_test_points')
  }
}
