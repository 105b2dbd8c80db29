import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { FEEDBACK_SCORE_COLUMNS, groupScores } from '#enums/feedback'

/**
 * What the reports read (issue 14, bench/reports.js).
 *
 * A device line keeps copies of its order's date, type and facility (`ordered_at`,
 * `order_type`, `fasyankes_id`), so the reports of one lab count lines from one index of the
 * lines alone instead of visiting every order of the period. The database keeps the copies,
 * whoever writes: a trigger fills them when a line is added, another follows the order when its
 * facility (or date, or type) changes. Nothing in the app writes them.
 *
 * A questionnaire keeps each group's total beside its ratings (the model sets them on save), so
 * the satisfaction index sums columns of one index instead of reading every answer.
 *
 * Indexes: the counted orders of a date range with what every report groups by; the berita
 * acara and PNBP tables' order (date, then id) with their totals; the orders a lab's counts
 * subtract; a lab's lines by device type or facility, then date; the questionnaires of a range.
 */
const INDEXES: [table: string, name: string, columns: string[]][] = [
  ['orders', 'orders_report_idx', ['created_at', 'status', 'type', 'fasyankes_id', 'device_count']],
  [
    'orders',
    'orders_finished_idx',
    ['status', 'status_changed_at', 'id', 'type', 'device_count', 'total_price'],
  ],
  [
    'orders',
    'orders_payment_idx',
    ['payment_confirm_date', 'id', 'type', 'device_count', 'total_price'],
  ],
  // The orders to subtract from a lab's lines: the rejected and cancelled ones of a period.
  ['orders', 'orders_uncounted_idx', ['status', 'created_at']],
  // A lab's lines per device type over a period of order dates or work dates, and per facility
  // (the device type or facility first: each one's period is one range, read in order).
  [
    'order_devices',
    'order_devices_ordered_idx',
    ['lab', 'alkes_id', 'ordered_at', 'status', 'order_type', 'fasyankes_id'],
  ],
  [
    'order_devices',
    'order_devices_work_idx',
    ['lab', 'alkes_id', 'work_date', 'status', 'order_type', 'fasyankes_id'],
  ],
  [
    'order_devices',
    'order_devices_facility_idx',
    ['lab', 'fasyankes_id', 'ordered_at', 'status', 'order_type'],
  ],
  ['feedbacks', 'feedbacks_created_idx', ['created_at', 'order_id', ...FEEDBACK_SCORE_COLUMNS]],
]

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER order_devices_order_copies AFTER INSERT ON order_devices
   BEGIN
     UPDATE order_devices SET
       ordered_at = (SELECT created_at FROM orders WHERE id = NEW.order_id),
       order_type = (SELECT type FROM orders WHERE id = NEW.order_id),
       fasyankes_id = (SELECT fasyankes_id FROM orders WHERE id = NEW.order_id)
     WHERE id = NEW.id;
   END`,
  `CREATE TRIGGER orders_copies_to_lines AFTER UPDATE OF created_at, type, fasyankes_id ON orders
   BEGIN
     UPDATE order_devices SET
       ordered_at = NEW.created_at, order_type = NEW.type, fasyankes_id = NEW.fasyankes_id
     WHERE order_id = NEW.id;
   END`,
]

const POSTGRES_TRIGGERS = [
  `CREATE FUNCTION order_devices_order_copies() RETURNS trigger AS $$
   BEGIN
     SELECT created_at, type, fasyankes_id INTO NEW.ordered_at, NEW.order_type, NEW.fasyankes_id
       FROM orders WHERE id = NEW.order_id;
     RETURN NEW;
   END $$ LANGUAGE plpgsql`,
  `CREATE TRIGGER order_devices_order_copies BEFORE INSERT ON order_devices
   FOR EACH ROW EXECUTE FUNCTION order_devices_order_copies()`,
  `CREATE FUNCTION orders_copies_to_lines() RETURNS trigger AS $$
   BEGIN
     UPDATE order_devices SET
       ordered_at = NEW.created_at, order_type = NEW.type, fasyankes_id = NEW.fasyankes_id
     WHERE order_id = NEW.id;
     RETURN NULL;
   END $$ LANGUAGE plpgsql`,
  `CREATE TRIGGER orders_copies_to_lines AFTER UPDATE OF created_at, type, fasyankes_id ON orders
   FOR EACH ROW EXECUTE FUNCTION orders_copies_to_lines()`,
]

/** Stored ratings as an object; unreadable text as none. */
function readRatings(value: unknown): Record<string, number> {
  if (value && typeof value === 'object') return value as Record<string, number>
  try {
    return JSON.parse(String(value))
  } catch {
    return {}
  }
}

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('feedbacks', (table) => {
      for (const name of FEEDBACK_SCORE_COLUMNS) table.smallint(name).notNullable().defaultTo(0)
    })
    this.schema.alterTable('order_devices', (table) => {
      table.timestamp('ordered_at').nullable()
      table.string('order_type', 10).nullable()
      table.integer('fasyankes_id').unsigned().nullable()
    })
    this.defer(async (client) => {
      await client.rawQuery(`
        UPDATE order_devices SET
          ordered_at = (SELECT created_at FROM orders WHERE orders.id = order_devices.order_id),
          order_type = (SELECT type FROM orders WHERE orders.id = order_devices.order_id),
          fasyankes_id = (SELECT fasyankes_id FROM orders WHERE orders.id = order_devices.order_id)`)
      for (const statement of this.triggers(client)) await client.rawQuery(statement)
      await this.scoreFeedbacks(client)
    })
    for (const [table, name, columns] of INDEXES) {
      this.schema.alterTable(table, (builder) => builder.index(columns, name))
    }
  }

  async down() {
    for (const [table, name, columns] of INDEXES.toReversed()) {
      this.schema.alterTable(table, (builder) => builder.dropIndex(columns, name))
    }
    this.defer(async (client) => {
      const postgres = client.dialect.name === 'postgres'
      await client.rawQuery(
        'DROP TRIGGER IF EXISTS orders_copies_to_lines' + (postgres ? ' ON orders' : '')
      )
      await client.rawQuery(
        'DROP TRIGGER IF EXISTS order_devices_order_copies' + (postgres ? ' ON order_devices' : '')
      )
      if (postgres) {
        await client.rawQuery('DROP FUNCTION IF EXISTS orders_copies_to_lines()')
        await client.rawQuery('DROP FUNCTION IF EXISTS order_devices_order_copies()')
      }
    })
    this.schema.alterTable('feedbacks', (table) => {
      for (const name of FEEDBACK_SCORE_COLUMNS) table.dropColumn(name)
    })
    this.schema.alterTable('order_devices', (table) => {
      table.dropColumn('fasyankes_id')
      table.dropColumn('order_type')
      table.dropColumn('ordered_at')
    })
  }

  /** The group totals of the questionnaires already given. */
  private async scoreFeedbacks(client: QueryClientContract) {
    for (let after = 0; ;) {
      const rows = await client
        .from('feedbacks')
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .select('id', 'ratings')
      for (const row of rows) {
        const scores = groupScores(readRatings(row.ratings))
        await client
          .from('feedbacks')
          .where('id', row.id)
          .update(Object.fromEntries(FEEDBACK_SCORE_COLUMNS.map((name, i) => [name, scores[i]])))
      }
      if (rows.length < 1000) return
      after = rows[rows.length - 1].id
    }
  }

  private triggers(client: QueryClientContract) {
    return client.dialect.name === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS
  }
}
