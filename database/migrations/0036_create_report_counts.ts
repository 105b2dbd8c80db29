import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import {
  DEVICE_SERVICE_KEY,
  dropReportCounts,
  FACILITY_SERVICE_KEY,
  FEEDBACK_MONTH_KEY,
  FEEDBACK_SCORES,
  LEDGER_MONTH_KEY,
  MONTH_COLUMNS,
  reportCountsBackfill,
  reportCountTriggers,
} from '#database/report_counts'
import { dialectOf, runStatements } from '#database/raw_statements'
import { labOffsetMinutes } from '#services/format'

/**
 * Issue 16: the reports read whole months from counts the database keeps
 * (database/report_counts.ts) instead of counting a million lines on each request. The lab's
 * distance from UTC the triggers date by is kept in `report_clock`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('report_clock', (table) => {
      table.integer('id').primary()
      table.integer('offset_minutes').notNullable()
    })
    const months = (table: Knex.CreateTableBuilder) => {
      for (const column of MONTH_COLUMNS) table.integer(column).notNullable().defaultTo(0)
    }
    this.schema.createTable('facility_services', (table) => {
      table.integer('year').notNullable()
      table.string('order_type', 10).notNullable()
      table.string('lab', 10).notNullable()
      table.integer('fasyankes_id').notNullable()
      months(table)
      table.primary([...FACILITY_SERVICE_KEY])
    })
    this.schema.createTable('device_services', (table) => {
      table.integer('year').notNullable()
      table.string('measure', 10).notNullable()
      table.string('lab', 10).notNullable()
      table.string('order_type', 10).notNullable()
      table.string('province', 2).notNullable()
      table.integer('alkes_id').notNullable()
      months(table)
      table.primary([...DEVICE_SERVICE_KEY])
    })
    this.schema.createTable('feedback_months', (table) => {
      table.integer('year').notNullable()
      table.integer('month').notNullable()
      table.string('order_type', 10).notNullable()
      table.string('province', 2).notNullable()
      table.integer('responses').notNullable().defaultTo(0)
      for (const column of FEEDBACK_SCORES) table.integer(column).notNullable().defaultTo(0)
      table.primary([...FEEDBACK_MONTH_KEY])
    })
    this.schema.createTable('ledger_months', (table) => {
      table.integer('year').notNullable()
      table.integer('month').notNullable()
      table.string('ledger', 10).notNullable()
      table.string('order_type', 10).notNullable()
      table.integer('orders').notNullable().defaultTo(0)
      table.integer('devices').notNullable().defaultTo(0)
      table.bigInteger('amount').notNullable().defaultTo(0)
      table.primary([...LEDGER_MONTH_KEY])
    })
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      await client.table('report_clock').insert({ id: 1, offset_minutes: labOffsetMinutes() ?? 0 })
      await runStatements(client, reportCountTriggers(dialect))
      await runStatements(client, reportCountsBackfill(dialect))
    })
  }

  async down() {
    this.defer(async (client) => {
      await runStatements(client, dropReportCounts(dialectOf(client)))
    })
    for (const table of [
      'ledger_months',
      'feedback_months',
      'device_services',
      'facility_services',
      'report_clock',
    ]) {
      this.schema.dropTableIfExists(table)
    }
  }
}
