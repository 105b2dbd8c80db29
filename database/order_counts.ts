/**
 * How many orders each facility has of each type in each status, in `order_counts`, kept by
 * database triggers on `orders` whoever writes; the rows of `fasyankes_id` 0 hold every
 * facility's together (EVERY_FACILITY), so staff read one row instead of adding up thousands.
 * The dashboard's status cards and the order lists' totals (when no text filter applies) read
 * these instead of counting a million orders on every request.
 *
 * No imports: bench/scale.js reads this file as it is (Node strips the types) to refill the
 * counts after a bulk load.
 */
export type CountDialect = 'sqlite' | 'postgres'

const KEY = ['type', 'status', 'fasyankes_id'] as const

/** The `fasyankes_id` of the rows that count every facility's orders together. */
export const EVERY_FACILITY = 0

function addTo(row: 'NEW' | 'OLD', step: 1 | -1, facility: string) {
  return `INSERT INTO order_counts (${KEY.join(', ')}, total)
    VALUES (${row}.type, ${row}.status, ${facility}, ${step})
    ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET total = order_counts.total + (${step})`
}

/** The row's facility count and, from migration 0035 on, the every-facility count. */
function adder(everyFacility: boolean) {
  return (row: 'NEW' | 'OLD', step: 1 | -1) => {
    const own = addTo(row, step, `${row}.fasyankes_id`)
    return everyFacility ? `${own}; ${addTo(row, step, String(EVERY_FACILITY))}` : own
  }
}

const CHANGED = `UPDATE OF ${KEY.join(', ')}`

function sqliteTriggers(add: ReturnType<typeof adder>) {
  return [
    `CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN ${add('NEW', 1)}; END`,
    `CREATE TRIGGER orders_count_update AFTER ${CHANGED} ON orders BEGIN
       ${add('OLD', -1)};
       ${add('NEW', 1)};
     END`,
    `CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN ${add('OLD', -1)}; END`,
  ]
}

function postgresTriggers(add: ReturnType<typeof adder>) {
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

/**
 * The triggers that keep `order_counts`; with `everyFacility` false, without the every-facility
 * rows (as before migration 0035).
 */
export function orderCountTriggers(dialect: CountDialect, everyFacility = true) {
  const add = adder(everyFacility)
  return dialect === 'postgres' ? postgresTriggers(add) : sqliteTriggers(add)
}

/** `order_counts` counted again from the orders. */
export function orderCountsBackfill() {
  return [
    `DELETE FROM order_counts`,
    `INSERT INTO order_counts (${KEY.join(', ')}, total)
     SELECT ${KEY.join(', ')}, count(*) FROM orders GROUP BY ${KEY.join(', ')}`,
    `INSERT INTO order_counts (${KEY.join(', ')}, total)
     SELECT type, status, ${EVERY_FACILITY}, count(*) FROM orders GROUP BY type, status`,
  ]
}

/** Undoes orderCountTriggers. */
export function dropOrderCounts(dialect: CountDialect) {
  return dialect === 'postgres'
    ? [`DROP TRIGGER IF EXISTS orders_count ON orders`, `DROP FUNCTION IF EXISTS orders_count()`]
    : ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER IF EXISTS orders_count_${event}`)
}
