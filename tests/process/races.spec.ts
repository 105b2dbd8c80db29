import { test } from '@japa/runner'
import {
  Browser,
  DEMO_PASSWORD,
  sharedThrowawayDatabase,
  startServer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

/**
 * Issue 33, point 2, as it was found: the production server with two workers (on a PostgreSQL
 * run, on PostgreSQL), ten simultaneous payment confirmations of one order and eight
 * simultaneous returns of one calibrator, each from its own browser (a connection of its own,
 * so the cluster spreads them over both workers). Exactly one of each is recorded and told:
 * one audit row, and no one notified twice. Before the fix PostgreSQL recorded 3 and 5.
 */

/** Each sender its own signed-in browser: the requests really come at once. */
async function browsers(port: number, email: string, count: number) {
  const list: Browser[] = []
  for (let i = 0; i < count; i++) {
    const browser = new Browser(port)
    await browser.visit('/login')
    const answer = await browser.signIn(email, DEMO_PASSWORD)
    if (answer.status !== 302) throw new Error(`sign-in as ${email}: ${answer.status}`)
    list.push(browser)
  }
  return list
}

async function maxId(db: Throwaway, table: string) {
  const [row] = await db.query<{ id: number | null }>(`SELECT max(id) AS id FROM ${table}`)
  return Number(row?.id ?? 0)
}

/** Notices and messages written after the marks, as "who, what" pairs: none may repeat. */
async function toldSince(db: Throwaway, notices: number, outbox: number) {
  const told = await db.query<{ who: string; what: string }>(
    `SELECT CAST(user_id AS TEXT) AS who, title AS what FROM notices WHERE id > ?
     UNION ALL
     SELECT channel || ':' || address AS who, subject AS what FROM outbox_messages WHERE id > ?`,
    [notices, outbox]
  )
  return told.map((row) => `${row.who} ${row.what}`)
}

const repeated = (items: string[]) => items.filter((item, index) => items.indexOf(item) !== index)

test.group('Races | the production server with two workers', (group) => {
  let db: Throwaway
  let server: RunningServer
  group.setup(async () => {
    db = await sharedThrowawayDatabase()
    server = await startServer(db, { workers: 2 })
    return async () => {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })
  group.each.timeout(120_000)

  test('ten payment confirmations of one order at once: one audit row, no one told twice', async ({
    assert,
  }) => {
    const [order] = await db.query<{ id: number }>(
      `SELECT id FROM orders WHERE type = 'internal' AND status IN ('MENUNGGU FEEDBACK', 'SELESAI')
         AND payment_confirm_date IS NULL ORDER BY id LIMIT 1`
    )
    assert.exists(order, 'the demo data holds a finished Alat Datang order not yet paid')
    const [treasurer] = await browsers(server.port, 'treasurer@kalibra.test', 1)
    const issued = await treasurer.send('POST', `/internal/${order.id}/invoice/update`, {
      multipart: { fields: { first_date: '2026-11-10', number: `TG/RACE/${order.id}` } },
      headers: { referer: `/internal/${order.id}/invoice` },
    })
    assert.equal(issued.status, 302)
    const senders = await browsers(server.port, 'treasurer@kalibra.test', 10)
    const notices = await maxId(db, 'notices')
    const outbox = await maxId(db, 'outbox_messages')

    const answers = await Promise.all(
      senders.map((browser) =>
        browser.send('PUT', `/internal/${order.id}/invoice/confirm`, {
          form: { date: '2026-11-20' },
          headers: { referer: `/internal/${order.id}/invoice` },
        })
      )
    )

    assert.deepEqual(
      answers.filter((answer) => answer.status >= 500).map((answer) => answer.status),
      []
    )
    const [audits] = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_logs WHERE action = 'internal.invoice_confirm'
         AND subject_id = ?`,
      [String(order.id)]
    )
    assert.equal(Number(audits.n), 1)
    const told = await toldSince(db, notices, outbox)
    assert.isNotEmpty(told)
    assert.deepEqual(repeated(told), [])
  })

  test('eight returns of one borrowed calibrator at once: one return recorded', async ({
    assert,
  }) => {
    const [calibrator] = await db.query<{ id: number; serial_number: string }>(
      `SELECT c.id, c.serial_number FROM calibrators c JOIN units u ON u.id = c.unit_id
        WHERE u.name = 'PK' AND CAST(c.is_available AS INTEGER) = 1
          AND c.calibrator_condition = 'Good'
          AND c.next_calibration_date > CURRENT_DATE ORDER BY c.id LIMIT 1`
    )
    assert.exists(calibrator, 'the demo data holds a lendable PK calibrator')
    const [head] = await db.query<{ id: number }>(
      `SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id
        WHERE r.role = 'head_of_pk_laboratory' ORDER BY u.id LIMIT 1`
    )
    const [yantek] = await browsers(server.port, 'yantek@kalibra.test', 1)
    const loan = await yantek.send('POST', '/calibrator/loan', {
      headers: { referer: '/calibrator/loan/create' },
      form: {
        'calibrators[0][id]': String(calibrator.id),
        'calibrators[0][condition]': 'Good',
        'loan_description': 'Uji balapan pengembalian',
        'planned_return_date': new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        'pk_officer': String(head.id),
      },
    })
    assert.equal(loan.status, 302, loan.body.slice(0, 300))
    const [created] = await db.query<{ id: number }>(
      'SELECT id FROM calibrator_loans ORDER BY id DESC LIMIT 1'
    )
    const [approver] = await browsers(server.port, 'head_of_pk_laboratory@kalibra.test', 1)
    const decided = await approver.send('POST', `/calibrator/loan/${created.id}/confirm`, {
      form: { status: 'Confirmed' },
      headers: { referer: `/calibrator/loan/${created.id}/detail` },
    })
    assert.equal(decided.status, 302)
    const senders = await browsers(server.port, 'yantek@kalibra.test', 8)

    const answers = await Promise.all(
      senders.map((browser) =>
        browser.send('POST', `/api/calibrator/loan/${created.id}/return`, {
          form: { serial_number: calibrator.serial_number },
          headers: { accept: 'application/json' },
        })
      )
    )

    const statuses = answers.map((answer) => answer.status)
    assert.lengthOf(
      statuses.filter((status) => status === 200),
      1,
      String(statuses)
    )
    assert.isTrue(statuses.every((status) => status === 200 || (status >= 400 && status < 500)))
    const [audits] = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_logs WHERE action = 'loan.return' AND subject_id = ?`,
      [String(created.id)]
    )
    assert.equal(Number(audits.n), 1)
    const [line] = await db.query<{ open: number }>(
      `SELECT count(*) AS open FROM calibrator_loan_lines
        WHERE loan_id = ? AND (return_date IS NULL OR holding_calibrator_id IS NOT NULL)`,
      [created.id]
    )
    assert.equal(Number(line.open), 0)
  })
})
