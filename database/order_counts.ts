/**
 * How many orders each facility has of each type in each status, in `order_counts`, kept by
 * database triggers on `orders` whoever writes. The dashboard's status cards and the order
 * lists' totals (when no text filter applies) add these up instead of counting a million
 * orders on every request.
 *
 * No imports: bench/scale.js reads this file as it is (Node strips the types) to refill the
 * counts after a bulk load.
 */
export type CountDialect = 'sqlite' | 'postgres'

const KEY = ['type', 'status', 'fasyankes_id'] as const

function add(row: 'NEW' | 'OLD', step: 1 | -1) {
  const values = KEY.map((column) => `${row}.${column}`).join(', ')
  return `INSERT INTO order_counts (${KEY.join(', ')}, total) VALUES (${values}, ${step})
    ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET total = order_counts.total + (${step})`
}

const CHANGED = `UPDATE OF ${KEY.join(', ')}`

function sqliteTriggers() {
  return [
    `CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN ${add('NEW', 1)}; END`,
    `CREATE TRIGGER orders_count_update AFTER ${CHANGED} ON orders BEGIN
       ${add('OLD', -1)};
       ${add('NEW', 1)};
     END`,
    `CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN ${add('OLD', -1)}; END`,
  ]
}

function postgresTriggers() {
  return [
    `CREATE FUNCTION orders_count() RETURNS trigger AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN ${add('OLD', -1)}; END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN ${add('NEW', 1)}; END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER orders_count AFTER INSERT OR DELETE OR ${CHANGED} ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_count()`,
  ]
}

/** The triggers that keep `order_counts`. */
export function orderCountTriggers(dialect: CountDialect) {
  return dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()
}

/** `order_counts` counted again from the orders. */
export function orderCountsBackfill() {
  return [
    `DELETE FROM order_counts`,
    `INSERT INTO order_counts (${KEY.join(', ')}, total)
     SELECT ${KEY.join(', ')}, count(*) FROM orders GROUP BY ${KEY.join(', ')}`,
  ]
}

/** Undoes orderCountTriggers. */
export function dropOrderCounts(dialect: CountDialect) {
  return dialect === 'postgres'
    ? [`DROP TRIGGER IF EXISTS orders_count ON orders`, `DROP FUNCTION IF EXISTS orders_count()`]
    : ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER IF EXISTS orders_count_${event}`)
}
