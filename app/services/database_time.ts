import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Now, as the models write a timestamp on this connection (text in the dialect's format). A
 * plain `Date` in a query-builder insert lands on SQLite as milliseconds, which the models
 * cannot read back.
 */
export function databaseNow(client: QueryClientContract) {
  return DateTime.utc().toFormat(client.dialect.dateTimeFormat)
}
