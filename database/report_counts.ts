/**
 * The reports' kept counts (issue 16: each report under 500 ms over a million orders), kept by
 * database triggers whoever writes, like `order_counts`:
 *
 * - `facility_services`: counted device lines per lab-time year, order type, lab and facility,
 *   one column per month (`m1` … `m12`): the service reports, the province and city tables and
 *   the yearly city table read a year of a facility from one row.
 * - `device_services`: counted device lines per year, measure (`ordered`: by the order's date;
 *   `finished`: SELESAI lines by the worksheet's work date), lab, order type, province and device
 *   type, a column per month: the alkes PK top, lowest and monthly reports.
 * - `feedback_months`: questionnaires per lab-time month, order type and province, with their
 *   group totals: the satisfaction index.
 * - `ledger_months`: the berita acara's orders (SELESAI, by the day they were finished) and the
 *   PNBP's (by the payment's confirmation date) per month and order type: how many, their
 *   devices and their tariffs, the two tables' totals.
 *
 * What counts is what app/queries/reports/counted_services.ts counts: a line that is not BATAL
 * UJI of an order neither rejected nor cancelled; a questionnaire of such an order. A row's
 * contribution is taken away with its old values and given with its new ones whenever a line,
 * an order (status, date, type, facility), a questionnaire or a facility's province changes.
 *
 * Months are the lab's (APP_TIMEZONE): the triggers read its fixed distance from UTC in
 * `report_clock`, which the app sets and recounts from when the zone changes
 * (app/queries/reports/kept_counts.ts). The reports read whole months from here and the days
 * of a range's partial first and last months from the lines.
 *
 * No imports: bench/scale.js reads this file as it is (Node strips the types) to refill the
 * counts after a bulk load.
 */
export type CountDialect = 'sqlite' | 'postgres'

export const UNCOUNTED_ORDER_STATUSES = ['DITOLAK', 'DIBATALKAN'] as const
export const UNCOUNTED_DEVICE_STATUS = 'BATAL UJI'
export const FINISHED_DEVICE_STATUS = 'SELESAI'
export const FINISHED_ORDER_STATUS = 'SELESAI'

/** The questionnaire's group totals (the same as FEEDBACK_SCORE_COLUMNS, checked by a test). */
export const FEEDBACK_SCORES = [
  'group_1_score',
  'group_2_score',
  'group_3_score',
  'group_4_score',
] as const

export const MONTH_COLUMNS = Array.from({ length: 12 }, (_, index) => `m${index + 1}`)

export const DEVICE_MEASURES = ['ordered', 'finished'] as const
export type DeviceMeasure = (typeof DEVICE_MEASURES)[number]

/** The province key of a facility without a province. */
export const NO_PROVINCE = ''

const UNCOUNTED = UNCOUNTED_ORDER_STATUSES.map((status) => `'${status}'`).join(', ')

type Row = 'NEW' | 'OLD'
type Sign = 1 | -1

/**
 * The lab-time year and month of a UTC timestamp, and of a lab DATE. On SQLite timestamps are
 * UTC text; on PostgreSQL `timestamptz`.
 */
function clock(dialect: CountDialect) {
  if (dialect === 'postgres') {
    const local = (column: string) =>
      `((${column}) AT TIME ZONE 'UTC' + (SELECT offset_minutes FROM report_clock) * interval '1 minute')`
    return {
      year: (column: string) => `EXTRACT(YEAR FROM ${local(column)})::int`,
      month: (column: string) => `EXTRACT(MONTH FROM ${local(column)})::int`,
      dateYear: (column: string) => `EXTRACT(YEAR FROM ${column})::int`,
      dateMonth: (column: string) => `EXTRACT(MONTH FROM ${column})::int`,
    }
  }
  const shift = `(SELECT offset_minutes || ' minutes' FROM report_clock)`
  return {
    year: (column: string) => `CAST(strftime('%Y', ${column}, ${shift}) AS INTEGER)`,
    month: (column: string) => `CAST(strftime('%m', ${column}, ${shift}) AS INTEGER)`,
    dateYear: (column: string) => `CAST(substr(${column}, 1, 4) AS INTEGER)`,
    dateMonth: (column: string) => `CAST(substr(${column}, 6, 2) AS INTEGER)`,
  }
}

/**
 * Counted lines as rows of `ordered_at, order_type, fasyankes_id, province, lab, alkes_id,
 * status, work_date`: a line of a trigger (its order as it is now), every line of an order (with
 * the order's values before or after its change), the lines of a facility (with its province
 * before or after), or every line (a recount).
 */
const LINE_COLUMNS =
  'l.lab AS lab, l.alkes_id AS alkes_id, l.status AS status, l.work_date AS work_date'
const province = (facility: string) => `COALESCE(${facility}.province_code, '${NO_PROVINCE}')`

const lineSources = {
  ofLine: (row: Row) =>
    `SELECT o.created_at AS ordered_at, o.type AS order_type, o.fasyankes_id AS fasyankes_id,
       ${province('f')} AS province, ${LINE_COLUMNS.replaceAll('l.', `${row}.`)}
     FROM orders o LEFT JOIN fasyankes f ON f.id = o.fasyankes_id
     WHERE o.id = ${row}.order_id AND o.status NOT IN (${UNCOUNTED})`,
  ofOrder: (row: Row) =>
    `SELECT ${row}.created_at AS ordered_at, ${row}.type AS order_type,
       ${row}.fasyankes_id AS fasyankes_id, ${province('f')} AS province, ${LINE_COLUMNS}
     FROM order_devices l LEFT JOIN fasyankes f ON f.id = ${row}.fasyankes_id
     WHERE l.order_id = ${row}.id AND ${row}.status NOT IN (${UNCOUNTED})`,
  ofFacility: (row: Row) =>
    `SELECT o.created_at AS ordered_at, o.type AS order_type, o.fasyankes_id AS fasyankes_id,
       ${province(row)} AS province, ${LINE_COLUMNS}
     FROM orders o JOIN order_devices l ON l.order_id = o.id
     WHERE o.fasyankes_id = ${row}.id AND o.status NOT IN (${UNCOUNTED})`,
  /** The lines of a table: every line, or the lines a statement wrote (a transition table). */
  ofTable: (table: string) =>
    `SELECT o.created_at AS ordered_at, o.type AS order_type, o.fasyankes_id AS fasyankes_id,
       ${province('f')} AS province, ${LINE_COLUMNS}
     FROM orders o JOIN ${table} l ON l.order_id = o.id
       LEFT JOIN fasyankes f ON f.id = o.fasyankes_id
     WHERE o.status NOT IN (${UNCOUNTED})`,
  all: () => lineSources.ofTable('order_devices'),
}

/** Questionnaires as rows of `created_at, order_type, province` and their group totals. */
const SCORES = (alias: string) => FEEDBACK_SCORES.map((name) => `${alias}.${name} AS ${name}`)
const feedbackSources = {
  ofFeedback: (row: Row) =>
    `SELECT ${row}.created_at AS created_at, o.type AS order_type, ${province('f')} AS province,
       ${SCORES(row).join(', ')}
     FROM orders o LEFT JOIN fasyankes f ON f.id = o.fasyankes_id
     WHERE o.id = ${row}.order_id AND o.status NOT IN (${UNCOUNTED})`,
  ofOrder: (row: Row) =>
    `SELECT fb.created_at AS created_at, ${row}.type AS order_type, ${province('f')} AS province,
       ${SCORES('fb').join(', ')}
     FROM feedbacks fb LEFT JOIN fasyankes f ON f.id = ${row}.fasyankes_id
     WHERE fb.order_id = ${row}.id AND ${row}.status NOT IN (${UNCOUNTED})`,
  ofFacility: (row: Row) =>
    `SELECT fb.created_at AS created_at, o.type AS order_type, ${province(row)} AS province,
       ${SCORES('fb').join(', ')}
     FROM orders o JOIN feedbacks fb ON fb.order_id = o.id
     WHERE o.fasyankes_id = ${row}.id AND o.status NOT IN (${UNCOUNTED})`,
  all: () =>
    `SELECT fb.created_at AS created_at, o.type AS order_type, ${province('f')} AS province,
       ${SCORES('fb').join(', ')}
     FROM feedbacks fb JOIN orders o ON o.id = fb.order_id
       LEFT JOIN fasyankes f ON f.id = o.fasyankes_id
     WHERE o.status NOT IN (${UNCOUNTED})`,
}

export const FACILITY_SERVICE_KEY = ['year', 'order_type', 'lab', 'fasyankes_id'] as const
export const DEVICE_SERVICE_KEY = [
  'year',
  'measure',
  'lab',
  'order_type',
  'province',
  'alkes_id',
] as const
export const FEEDBACK_MONTH_KEY = ['year', 'month', 'order_type', 'province'] as const
export const LEDGER_MONTH_KEY = ['year', 'month', 'ledger', 'order_type'] as const
export const LEDGERS = ['finished', 'paid'] as const
export type Ledger = (typeof LEDGERS)[number]

/** The upsert's end: a row already there for the key gets the new values added to its own. */
function addingOnConflict(table: string, key: readonly string[], columns: readonly string[]) {
  return `ON CONFLICT (${key.join(', ')}) DO UPDATE SET
    ${columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ')}`
}

/**
 * Adds (or, with sign -1, takes away) the rows of `source` to a table of month columns, grouped
 * by its key: one upsert of each group's count per month.
 */
function addMonths(
  table: string,
  keys: [column: string, expression: string][],
  month: string,
  source: string,
  where: string,
  sign: Sign
) {
  const key = keys.map(([column]) => column)
  const chosen = keys.map(([column, expression]) => `${expression} AS ${column}`).join(', ')
  const months = MONTH_COLUMNS.map(
    (_, index) => `sum(CASE WHEN month = ${index + 1} THEN ${sign} ELSE 0 END)`
  )
  return `INSERT INTO ${table} (${key.join(', ')}, ${MONTH_COLUMNS.join(', ')})
    SELECT ${key.join(', ')}, ${months.join(', ')}
    FROM (SELECT ${chosen}, ${month} AS month FROM (${source}) r WHERE ${where}) k
    WHERE true
    GROUP BY ${key.join(', ')}
    ${addingOnConflict(table, key, MONTH_COLUMNS)}`
}

/**
 * The statements that add (or take away) the counted lines of `source` to `facility_services`
 * (unless only the province changed, which it does not key) and `device_services`.
 */
function lineStatements(dialect: CountDialect, source: string, sign: Sign, facilities = true) {
  const at = clock(dialect)
  const device = (year: string, measure: DeviceMeasure): [string, string][] => [
    ['year', year],
    ['measure', `'${measure}'`],
    ['lab', 'r.lab'],
    ['order_type', 'r.order_type'],
    ['province', 'r.province'],
    ['alkes_id', 'r.alkes_id'],
  ]
  const notCancelled = `r.status <> '${UNCOUNTED_DEVICE_STATUS}'`
  const statements = [
    addMonths(
      'device_services',
      device(at.year('r.ordered_at'), 'ordered'),
      at.month('r.ordered_at'),
      source,
      notCancelled,
      sign
    ),
    addMonths(
      'device_services',
      device(at.dateYear('r.work_date'), 'finished'),
      at.dateMonth('r.work_date'),
      source,
      `r.status = '${FINISHED_DEVICE_STATUS}' AND r.work_date IS NOT NULL`,
      sign
    ),
  ]
  if (!facilities) return statements
  const facility: [string, string][] = [
    ['year', at.year('r.ordered_at')],
    ['order_type', 'r.order_type'],
    ['lab', 'r.lab'],
    ['fasyankes_id', 'r.fasyankes_id'],
  ]
  return [
    addMonths('facility_services', facility, at.month('r.ordered_at'), source, notCancelled, sign),
    ...statements,
  ]
}

/** The statement that adds (or takes away) the questionnaires of `source` to `feedback_months`. */
function feedbackStatement(dialect: CountDialect, source: string, sign: Sign) {
  const at = clock(dialect)
  const scores = FEEDBACK_SCORES.map((name) => `sum(${name}) * ${sign}`)
  const names = [...FEEDBACK_MONTH_KEY, 'responses', ...FEEDBACK_SCORES]
  return `INSERT INTO feedback_months (${names.join(', ')})
    SELECT ${at.year('r.created_at')}, ${at.month('r.created_at')}, r.order_type, r.province,
      ${sign} * count(*), ${scores.join(', ')}
    FROM (${source}) r
    WHERE true
    GROUP BY 1, 2, 3, 4
    ${addingOnConflict('feedback_months', FEEDBACK_MONTH_KEY, names.slice(FEEDBACK_MONTH_KEY.length))}`
}

/** Orders as the ledgers read them: one order of a trigger, or every order (a recount). */
const LEDGER_COLUMNS = [
  'type',
  'status',
  'status_changed_at',
  'payment_confirm_date',
  'device_count',
  'total_price',
]
const ledgerSources = {
  ofOrder: (row: Row) =>
    `SELECT ${LEDGER_COLUMNS.map((column) => `${row}.${column} AS ${column}`).join(', ')}`,
  all: () => `SELECT ${LEDGER_COLUMNS.join(', ')} FROM orders`,
}

/** The statements that add (or take away) the orders of `source` to the two ledgers' months. */
function ledgerStatements(dialect: CountDialect, source: string, sign: Sign) {
  const at = clock(dialect)
  const names = [...LEDGER_MONTH_KEY, 'orders', 'devices', 'amount']
  const add = (ledger: Ledger, year: string, month: string, where: string) =>
    `INSERT INTO ledger_months (${names.join(', ')})
     SELECT ${year}, ${month}, '${ledger}', r.type, ${sign} * count(*),
       ${sign} * sum(r.device_count), ${sign} * sum(r.total_price)
     FROM (${source}) r
     WHERE ${where}
     GROUP BY 1, 2, 3, 4
     ${addingOnConflict('ledger_months', LEDGER_MONTH_KEY, names.slice(LEDGER_MONTH_KEY.length))}`
  return [
    add(
      'finished',
      at.year('r.status_changed_at'),
      at.month('r.status_changed_at'),
      `r.status = '${FINISHED_ORDER_STATUS}' AND r.status_changed_at IS NOT NULL`
    ),
    add(
      'paid',
      at.dateYear('r.payment_confirm_date'),
      at.dateMonth('r.payment_confirm_date'),
      'r.payment_confirm_date IS NOT NULL'
    ),
  ]
}

/**
 * What each trigger does for one changed row: take away what its old values (OLD) gave, add what
 * its new ones (NEW) give.
 */
function changes(dialect: CountDialect) {
  const change = (statements: (row: Row, sign: Sign) => string[]) => ({
    remove: statements('OLD', -1),
    add: statements('NEW', 1),
  })
  const lines = (source: string, sign: Sign, facilities?: boolean) =>
    lineStatements(dialect, source, sign, facilities)
  const feedback = (source: string, sign: Sign) => feedbackStatement(dialect, source, sign)
  return {
    line: change((row, sign) => lines(lineSources.ofLine(row), sign)),
    order: change((row, sign) => [
      ...lines(lineSources.ofOrder(row), sign),
      feedback(feedbackSources.ofOrder(row), sign),
    ]),
    feedback: change((row, sign) => [feedback(feedbackSources.ofFeedback(row), sign)]),
    ledger: change((row, sign) => ledgerStatements(dialect, ledgerSources.ofOrder(row), sign)),
    // A facility's province keys the device-type counts and the questionnaires only.
    facility: change((row, sign) => [
      ...lines(lineSources.ofFacility(row), sign, false),
      feedback(feedbackSources.ofFacility(row), sign),
    ]),
  }
}

const LINE_CHANGES = 'UPDATE OF order_id, lab, alkes_id, status, work_date'
const ORDER_CHANGES = 'UPDATE OF status, created_at, type, fasyankes_id'
const FEEDBACK_CHANGES = `UPDATE OF order_id, created_at, ${FEEDBACK_SCORES.join(', ')}`
const LEDGER_CHANGES = `UPDATE OF ${LEDGER_COLUMNS.join(', ')}`

/** An order's change that moves its counts: counted or not, its date, type or facility. */
const orderMoved = (distinct: string) =>
  `(OLD.status IN (${UNCOUNTED})) ${distinct} (NEW.status IN (${UNCOUNTED}))
   OR OLD.created_at ${distinct} NEW.created_at OR OLD.type ${distinct} NEW.type
   OR OLD.fasyankes_id ${distinct} NEW.fasyankes_id`

/** A trigger body's statements. */
const run = (statements: string[]) => statements.map((statement) => `${statement};`).join('\n')

type Change = { remove: string[]; add: string[] }

/** SQLite: a trigger per event, each running the change's statements. */
function sqliteEvents(name: string, table: string, updateOf: string, change: Change) {
  return [
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN ${run(change.add)} END`,
    `CREATE TRIGGER ${name}_update AFTER ${updateOf} ON ${table}
     BEGIN ${run([...change.remove, ...change.add])} END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN ${run(change.remove)} END`,
  ]
}

function sqliteTriggers() {
  const each = changes('sqlite')
  return [
    ...sqliteEvents('report_lines', 'order_devices', LINE_CHANGES, each.line),
    ...sqliteEvents('report_ledgers', 'orders', LEDGER_CHANGES, each.ledger),
    ...sqliteEvents('report_feedbacks', 'feedbacks', FEEDBACK_CHANGES, each.feedback),
    `CREATE TRIGGER report_orders_update AFTER ${ORDER_CHANGES} ON orders
     WHEN ${orderMoved('IS NOT')}
     BEGIN ${run([...each.order.remove, ...each.order.add])} END`,
    // Before: its lines and questionnaires are still there (the cascade that deletes them
    // comes after, when their own triggers no longer find the order).
    `CREATE TRIGGER report_orders_delete BEFORE DELETE ON orders
     BEGIN ${run(each.order.remove)} END`,
    `CREATE TRIGGER report_fasyankes_province AFTER UPDATE OF province_code ON fasyankes
     WHEN OLD.province_code IS NOT NEW.province_code
     BEGIN ${run([...each.facility.remove, ...each.facility.add])} END`,
  ]
}

/** PostgreSQL: one function per table, its statements chosen by the operation. */
function postgresTriggers() {
  const each = changes('postgres')
  const body = (name: string, change: Change, result: string) =>
    `CREATE FUNCTION ${name}() RETURNS trigger AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN ${run(change.remove)} END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN ${run(change.add)} END IF;
       RETURN ${result};
     END $$ LANGUAGE plpgsql`
  /**
   * Lines are inserted and deleted hundreds at a time (a request, an edit replacing its lines):
   * counted once per statement over the lines it wrote, not once per line (0.4 s for 500).
   */
  const lineBatch = (event: 'INSERT' | 'DELETE') => {
    const [name, table, sign] =
      event === 'INSERT'
        ? (['report_lines_insert', 'new_lines', 1] as const)
        : (['report_lines_delete', 'old_lines', -1] as const)
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger AS $$
       BEGIN ${run(lineStatements('postgres', lineSources.ofTable(table), sign))} RETURN NULL; END
       $$ LANGUAGE plpgsql`,
      `CREATE TRIGGER ${name} AFTER ${event} ON order_devices
       REFERENCING ${event === 'INSERT' ? 'NEW' : 'OLD'} TABLE AS ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ]
  }
  return [
    body('report_lines', each.line, 'NULL'),
    `CREATE TRIGGER report_lines AFTER ${LINE_CHANGES} ON order_devices
     FOR EACH ROW EXECUTE FUNCTION report_lines()`,
    ...lineBatch('INSERT'),
    ...lineBatch('DELETE'),
    // Returns OLD: the BEFORE DELETE trigger lets the delete go on.
    body('report_orders', each.order, 'OLD'),
    `CREATE TRIGGER report_orders_update AFTER ${ORDER_CHANGES} ON orders
     FOR EACH ROW WHEN (${orderMoved('IS DISTINCT FROM')})
     EXECUTE FUNCTION report_orders()`,
    `CREATE TRIGGER report_orders_delete BEFORE DELETE ON orders
     FOR EACH ROW EXECUTE FUNCTION report_orders()`,
    body('report_ledgers', each.ledger, 'NULL'),
    `CREATE TRIGGER report_ledgers AFTER INSERT OR DELETE OR ${LEDGER_CHANGES} ON orders
     FOR EACH ROW EXECUTE FUNCTION report_ledgers()`,
    body('report_feedbacks', each.feedback, 'NULL'),
    `CREATE TRIGGER report_feedbacks AFTER INSERT OR DELETE OR ${FEEDBACK_CHANGES} ON feedbacks
     FOR EACH ROW EXECUTE FUNCTION report_feedbacks()`,
    body('report_fasyankes', each.facility, 'NULL'),
    `CREATE TRIGGER report_fasyankes AFTER UPDATE OF province_code ON fasyankes
     FOR EACH ROW WHEN (OLD.province_code IS DISTINCT FROM NEW.province_code)
     EXECUTE FUNCTION report_fasyankes()`,
  ]
}

/** The triggers that keep the reports' counts. */
export function reportCountTriggers(dialect: CountDialect) {
  return dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()
}

/** The reports' counts counted again from every line and questionnaire. */
export function reportCountsBackfill(dialect: CountDialect) {
  return [
    'DELETE FROM facility_services',
    'DELETE FROM device_services',
    'DELETE FROM feedback_months',
    'DELETE FROM ledger_months',
    ...lineStatements(dialect, lineSources.all(), 1),
    feedbackStatement(dialect, feedbackSources.all(), 1),
    ...ledgerStatements(dialect, ledgerSources.all(), 1),
  ]
}

/** Undoes reportCountTriggers. */
export function dropReportCounts(dialect: CountDialect) {
  if (dialect === 'postgres') {
    return [
      'DROP TRIGGER IF EXISTS report_lines ON order_devices',
      'DROP TRIGGER IF EXISTS report_lines_insert ON order_devices',
      'DROP TRIGGER IF EXISTS report_lines_delete ON order_devices',
      'DROP TRIGGER IF EXISTS report_orders_update ON orders',
      'DROP TRIGGER IF EXISTS report_orders_delete ON orders',
      'DROP TRIGGER IF EXISTS report_feedbacks ON feedbacks',
      'DROP TRIGGER IF EXISTS report_ledgers ON orders',
      'DROP TRIGGER IF EXISTS report_fasyankes ON fasyankes',
      ...[
        'report_lines',
        'report_lines_insert',
        'report_lines_delete',
        'report_orders',
        'report_feedbacks',
        'report_ledgers',
        'report_fasyankes',
      ].map((name) => `DROP FUNCTION IF EXISTS ${name}()`),
    ]
  }
  return [...sqliteTriggers().map((sql) => /CREATE TRIGGER (\w+)/.exec(sql)![1])].map(
    (name) => `DROP TRIGGER IF EXISTS ${name}`
  )
}
