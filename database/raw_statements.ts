import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * For migrations that install what the database keeps by itself (triggers, backfills): the
 * import-free files that write those statements (order_search.ts, order_counts.ts, read as
 * they are by bench/scale_data.js) take a dialect name, and their statements run one by one.
 */
export function dialectOf(client: QueryClientContract) {
  return client.dialect.name === 'postgres' ? 'postgres' : 'sqlite'
}

export async function runStatements(client: QueryClientContract, statements: string[]) {
  for (const statement of statements) await client.rawQuery(statement)
}
