import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { FEEDBACK_SCORE_COLUMNS } from '#enums/feedback'
import {
  DEVICE_SERVICE_KEY,
  FACILITY_SERVICE_KEY,
  FEEDBACK_MONTH_KEY,
  FEEDBACK_SCORES,
  LEDGER_MONTH_KEY,
  reportCountsBackfill,
} from '#database/report_counts'
import { dialectOf, runStatements } from '#database/raw_statements'
import { REPORT_CALLS } from '#queries/reports/report_calls'
import { beritaAcaraList, pnbpList, type LedgerFilters } from '#queries/reports/ledger_lists'
import { resolveReportFilters, type ReportQuery } from '#queries/reports/report_filters'
import { keepReportClock } from '#queries/reports/kept_counts'
import { labOffsetMinutes } from '#services/format'
import { reportWorld } from '#tests/functional/reports/_support'

const TABLES = {
  facility_services: FACILITY_SERVICE_KEY,
  device_services: DEVICE_SERVICE_KEY,
  feedback_months: FEEDBACK_MONTH_KEY,
  ledger_months: LEDGER_MONTH_KEY,
} as const

/** Every kept row that holds something, as `key → values`, in one order. */
async function keptRows(client: TransactionClientContract | typeof db = db) {
  const found: Record<string, string> = {}
  for (const [table, key] of Object.entries(TABLES)) {
    for (const row of await client.from(table)) {
      const values = Object.entries(row)
        .filter(([column]) => !(key as readonly string[]).includes(column))
        .map(([column, value]) => `${column}=${Number(value)}`)
      if (values.every((value) => value.endsWith('=0'))) continue
      found[`${table}:${key.map((column) => row[column]).join('|')}`] = values.join(',')
    }
  }
  return found
}

/** The kept rows as a recount from every line and questionnaire makes them (then undone). */
async function recounted() {
  let rows: Record<string, string> = {}
  await db
    .transaction(async (trx) => {
      await runStatements(trx, reportCountsBackfill(dialectOf(trx)))
      rows = await keptRows(trx)
      throw new Error('undo')
    })
    .catch((error) => {
      if (error.message !== 'undo') throw error
    })
  return rows
}

/** Every kept row is what a recount makes of the rows as they are. */
async function sameAsRecount(assert: any, step: string) {
  assert.deepEqual(await keptRows(), await recounted(), step)
}

test.group('Reports | kept counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the kept counts equal a recount after every kind of change', async ({ assert }) => {
    const world = await reportWorld()
    const { O1, O2, O4, O5 } = world.orders
    await sameAsRecount(assert, 'the world as made')
    const kept = Object.keys(await keptRows())
    for (const table of Object.keys(TABLES)) {
      assert.isTrue(
        kept.some((key) => key.startsWith(`${table}:2019|`)),
        `${table} keeps the world`
      )
    }

    const lineOf = async (orderId: number) => {
      const line = await db.from('order_devices').where('order_id', orderId).orderBy('id').first()
      return Number(line.id)
    }
    await db
      .from('order_devices')
      .where('id', await lineOf(O2.id))
      .update({ status: 'BATAL UJI' })
    await sameAsRecount(assert, 'a line cancelled')

    await db
      .from('order_devices')
      .where('id', await lineOf(O4.id))
      .update({ status: 'SELESAI', work_date: '2019-04-02' })
    await sameAsRecount(assert, 'a line finished')

    await db
      .from('order_devices')
      .where('id', await lineOf(O4.id))
      .update({ alkes_id: world.alkes.X.id, lab: 'pk' })
    await sameAsRecount(assert, 'a line given another device type')

    await db
      .from('orders')
      .where('id', O2.id)
      .update({ status: 'SELESAI', status_changed_at: '2019-03-31 16:30:00' })
    await db.from('orders').where('id', O4.id).update({ payment_confirm_date: '2019-04-30' })
    await db.from('orders').where('id', O1.id).update({ total_price: 250_000, device_count: 3 })
    await sameAsRecount(assert, 'orders finished, paid and repriced')
    await db.from('orders').where('id', O4.id).update({ payment_confirm_date: null })
    await sameAsRecount(assert, 'a payment confirmation withdrawn')

    await db.from('orders').where('id', O2.id).update({ status: 'DITOLAK' })
    await sameAsRecount(assert, 'an order rejected')
    await db.from('orders').where('id', O2.id).update({ status: 'DALAM PROSES' })
    await sameAsRecount(assert, 'the rejection undone')

    await db
      .from('orders')
      .where('id', O1.id)
      .update({ fasyankes_id: world.facilities.B1.id, created_at: '2019-05-31 16:10:00' })
    await sameAsRecount(assert, 'an order moved to another facility and month')

    await db.from('orders').where('id', O1.id).update({ type: 'insitu', status: 'DIBATALKAN' })
    await sameAsRecount(assert, 'an order cancelled and its type changed at once')

    await db
      .from('fasyankes')
      .where('id', world.facilities.A1.id)
      .update({ province_code: world.provinceB })
    await sameAsRecount(assert, 'a facility moved to another province')

    await db.from('feedbacks').where('order_id', O2.id).update({ group_1_score: 3 })
    await db
      .from('feedbacks')
      .where('order_id', O2.id)
      .update({ created_at: '2019-06-01 00:00:00' })
    await sameAsRecount(assert, 'a questionnaire changed')
    await db.from('feedbacks').where('order_id', O2.id).delete()
    await sameAsRecount(assert, 'a questionnaire deleted')

    await db
      .from('order_devices')
      .where('id', await lineOf(O5.id))
      .delete()
    await sameAsRecount(assert, 'a line deleted')
    await db.from('orders').where('id', O4.id).delete()
    await sameAsRecount(assert, 'an order deleted with its lines')
  })

  test('the questionnaire totals it keeps are the questionnaire’s', ({ assert }) => {
    assert.deepEqual([...FEEDBACK_SCORES], [...FEEDBACK_SCORE_COLUMNS])
  })

  test('every report answers the same from the kept counts as from the lines alone', async ({
    assert,
  }) => {
    const world = await reportWorld()
    const ranges: ReportQuery[] = [
      { start_date: '2019-01-01', end_date: '2019-12-31' },
      { start_date: '2018-12-15', end_date: '2019-02-10' },
      { start_date: '2019-01-10', end_date: '2019-01-20' },
      { start_date: '2019-02-01', end_date: '2019-03-31' },
      { start_date: '2019-01-02', end_date: '2020-01-01' },
      { start_date: '2019-02-01', end_date: '2019-12-31', order_type: 'internal' },
      { start_date: '2019-01-01', end_date: '2019-03-04', province: world.provinceA },
      { start_date: '2019-01-01', end_date: '2019-06-30', order_type: 'insitu' },
      { start_date: '2019-01-01', end_date: '2019-12-31', calculation_type: 'fasyankes' },
    ]
    const answers = async () => {
      const all: Record<string, unknown> = {}
      for (const range of ranges) {
        for (const [path, call] of Object.entries(REPORT_CALLS)) {
          all[`${path} ${JSON.stringify(range)}`] = await call(resolveReportFilters(range))
        }
        for (const list of [beritaAcaraList, pnbpList]) {
          const filters = range as LedgerFilters
          all[`${list.path} ${JSON.stringify(range)}`] = {
            total: await list.total!(filters),
            summary: await list.summary!(filters),
          }
        }
      }
      return all
    }
    const kept = await answers()
    // Another offset in the clock: the counts are not the lab's, every report reads the lines.
    await db.from('report_clock').update({ offset_minutes: (labOffsetMinutes() ?? 0) + 60 })
    const fromLines = await answers()
    assert.deepEqual(kept, fromLines)
    const ledger = kept[`/report/berita-acara ${JSON.stringify(ranges[0])}`] as any
    // O1, finished in February 2019 (the world's only SELESAI order).
    assert.deepInclude(ledger, { total: { total: 1 } })
    assert.equal(ledger.summary.internal_devices, 2)
    const served = kept[`service/top ${JSON.stringify(ranges[0])}`] as { id: number }[]
    assert.includeMembers(
      served.map((row) => row.id),
      [world.facilities.A1.id, world.facilities.A2.id]
    )
  })

  test('a changed lab zone offset recounts the kept months at the next start', async ({
    assert,
  }) => {
    const world = await reportWorld()
    await db.from('report_clock').update({ offset_minutes: (labOffsetMinutes() ?? 0) + 60 })
    await db.from('facility_services').delete()
    await keepReportClock()
    const clock = await db.from('report_clock').first()
    assert.equal(Number(clock.offset_minutes), labOffsetMinutes())
    await sameAsRecount(assert, 'recounted')
    const rows = await db
      .from('facility_services')
      .where('fasyankes_id', world.facilities.A1.id)
      .where('year', 2019)
    // O1 (January, two lines counted) and O5 (1 January lab time, one line), both DT PK.
    assert.equal(rows.find((row) => row.order_type === 'internal' && row.lab === 'pk')?.m1, 3)
  })
})
