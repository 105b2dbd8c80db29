import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Now, as the models write a timestamp on this connection (text in the dialect's format). A
 * plain `Date` in a query-builder insert lands on SQLite as milliseconds, which the models
 * cannot read back.
 */
export function databaseNow(client: QueryClientContract) {
  return databaseTime(client, DateTime.utc())
}

/** A moment as a timestamp column of this connection holds it (UTC, the dialect's format). */
export function databaseTime(client: QueryClientContract, moment: DateTime) {
  return moment.toUTC().toFormat(client.dialect.dateTimeFormat)
}
