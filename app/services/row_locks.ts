import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'

/**
 * Two requests that change one thing at the same moment must meet as two requests one after the
 * other do: the second sees what the first wrote and is refused, or acts on it, exactly as it
 * would a second later. Every action therefore takes the row it changes before it reads what
 * it decides on, audits or notifies (issue 33: on PostgreSQL ten simultaneous payment
 * confirmations wrote three audit rows and sent three notices).
 *
 * PostgreSQL: `SELECT … FOR UPDATE` holds the row until the transaction ends, and the reads after
 * it see every change committed before (READ COMMITTED). SQLite: every write transaction
 * already holds the database's one write lock from its start (`BEGIN IMMEDIATE`,
 * database/sqlite_immediate.ts), so nothing is added there (SQLite has no FOR UPDATE).
 */
export function forUpdate<
  Q extends DatabaseQueryBuilderContract<any> | ModelQueryBuilderContract<LucidModel, any>,
>(query: Q, client: QueryClientContract): Q {
  return client.dialect.name === 'postgres' ? (query.forUpdate() as Q) : query
}

/** Takes the rows of `table` with these ids for the transaction (see `forUpdate`). */
export async function lockRows(trx: TransactionClientContract, table: string, ids: number[]) {
  if (!ids.length) return
  await forUpdate(trx.from(table).whereIn('id', ids).select('id'), trx)
}

/**
 * Takes the model's row for the transaction and reads it again into the same instance, with
 * the relations it had loaded: what the action checks next is the row as it is now, not as
 * the request first read it. A row deleted meanwhile is not found (404), as it would be later.
 */
export async function lockModel(trx: TransactionClientContract, subject: LucidRow) {
  const Model = subject.constructor as LucidModel
  const query = Model.query({ client: trx }).where(Model.primaryKey, subject.$primaryKeyValue!)
  const fresh = await forUpdate(query, trx).firstOrFail()
  subject.$attributes = { ...fresh.$attributes }
  subject.$original = { ...fresh.$original }
  const relations = Object.keys(subject.$preloaded)
  if (!relations.length) return
  subject.useTransaction(trx)
  for (const relation of relations) await subject.load(relation as never)
}

/** The model's row of this id, taken for the transaction (see `forUpdate`); 404 when missing. */
export function findLocked<M extends LucidModel>(
  Model: M,
  id: number | string,
  trx: TransactionClientContract
) {
  return forUpdate(Model.query({ client: trx }).where(Model.primaryKey, id), trx).firstOrFail()
}
