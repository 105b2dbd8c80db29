import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { FEEDBACK_CODES } from '#enums/feedback'
import Feedback from '#models/feedback'
import { marker } from '#tests/functional/internal_orders/_support'
import { insertedId } from '#services/query_results'

/**
 * A small world with known report answers, all in 2019 (no other test makes orders then) and
 * in two provinces no other facility is in. Times are UTC; the lab is at UTC+8 (WITA).
 *
 *   A1 (prov A, city A1, category 1), A2 (prov A, city A1, category 2),
 *   A3 (prov A, city A2, category 1, never served), B1 (prov B, city B1, category 1).
 *   X, Y: PK device types; Z: a UKPR device type.
 *
 *   O1 DT A1 2019-01-15 SELESAI  X (done 2019-01-20), X (done 2019-02-03), Y BATAL UJI
 *   O2 DL A2 2019-02-10 DALAM PROSES  X, Z, Z
 *   O3 DT B1 2019-02-20 DITOLAK  X x5            (never counted)
 *   O4 DT B1 2019-03-05 MENUNGGU  Y
 *   O5 DT A1 2018-12-31 16:30 UTC = 1 Jan 2019 00:30 lab time  Y
 *   O6 DL A1 2019-12-31 16:30 UTC = 1 Jan 2020 00:30 lab time  X
 */
export interface ReportWorld {
  provinceA: string
  provinceB: string
  cityA1: string
  cityA2: string
  facilities: Record<'A1' | 'A2' | 'A3' | 'B1', { id: number; name: string }>
  alkes: Record<'X' | 'Y' | 'Z', { id: number; name: string }>
  orders: Record<'O1' | 'O2' | 'O3' | 'O4' | 'O5' | 'O6', { id: number; number: string }>
  categories: [number, number]
}

/** Inserts the world (inside the test's global transaction, so each test has its own). */
export async function reportWorld(): Promise<ReportWorld> {
  const empty = await db
    .from('provinces as p')
    .whereNotExists((q) => q.from('fasyankes as f').whereRaw('f.province_code = p.code'))
    .whereExists((q) => q.from('regencies as r').whereRaw('r.province_code = p.code'))
    .orderBy('p.code', 'desc')
    .limit(2)
    .select('p.code')
  const [provinceA, provinceB] = empty.map((row) => row.code as string)
  const citiesOf = (province: string) =>
    db.from('regencies').where('province_code', province).orderBy('code').limit(2).select('code')
  const codes = (rows: { code: string }[]) => rows.map((row) => row.code)
  const [a1, a2] = codes(await citiesOf(provinceA))
  const [b1] = codes(await citiesOf(provinceB))
  const categoryRows = await db.from('fasyankes_categories').orderBy('id').limit(2).select('id')
  const categories = categoryRows.map((row) => Number(row.id)) as [number, number]

  const now = '2019-01-01 00:00:00'
  const tag = marker('Rp')
  const facility = async (name: string, province: string, city: string, category: number) => {
    const full = `RS Laporan ${name} ${tag}`
    const [row] = await db
      .table('fasyankes')
      .insert({
        fasyankes_name: full,
        type: 'Negeri',
        province_code: province,
        city_code: city,
        category_id: category,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    return { id: insertedId(row), name: full }
  }
  const facilities = {
    A1: await facility('A1', provinceA, a1, categories[0]),
    A2: await facility('A2', provinceA, a1, categories[1]),
    A3: await facility('A3', provinceA, a2, categories[0]),
    B1: await facility('B1', provinceB, b1, categories[0]),
  }
  const alkesOf = async (name: string, laboratory: string) => {
    const full = `Alat Laporan ${name} ${tag}`
    const [row] = await db
      .table('alkes')
      .insert({
        name: full,
        laboratory,
        price: 100_000,
        alkes_code: `RPT-${name}-${tag}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    return { id: insertedId(row), name: full }
  }
  const alkes = {
    X: await alkesOf('X', 'PK'),
    Y: await alkesOf('Y', 'PK'),
    Z: await alkesOf('Z', 'UKPR'),
  }

  type Line = [keyof typeof alkes, string, string | null]
  const order = async (
    name: string,
    type: 'internal' | 'insitu',
    fasyankes: keyof typeof facilities,
    createdAt: string,
    status: string,
    lines: Line[],
    extra: Record<string, unknown> = {}
  ) => {
    const counted = lines.filter(([, lineStatus]) => lineStatus !== 'BATAL UJI')
    const number = `${type === 'internal' ? 'DT' : 'DL'}/RPT/${name}/${tag}`.slice(0, 30)
    const [row] = await db
      .table('orders')
      .insert({
        type,
        number,
        status,
        fasyankes_id: facilities[fasyankes].id,
        device_count: counted.length,
        total_price: counted.length * 100_000,
        created_at: createdAt,
        updated_at: createdAt,
        status_changed_at: createdAt,
        ...extra,
      })
      .returning('id')
    const id = insertedId(row)
    for (const [device, lineStatus, workDate] of lines) {
      await db.table('order_devices').insert({
        order_id: id,
        lab: device === 'Z' ? 'ukpr' : 'pk',
        alkes_id: alkes[device].id,
        price: 100_000,
        status: lineStatus,
        work_date: workDate,
        created_at: createdAt,
        updated_at: createdAt,
      })
    }
    return { id, number }
  }
  const open = 'BELUM SELESAI'
  const orders = {
    O1: await order(
      'O1',
      'internal',
      'A1',
      '2019-01-15 02:00:00',
      'SELESAI',
      [
        ['X', 'SELESAI', '2019-01-20'],
        ['X', 'SELESAI', '2019-02-03'],
        ['Y', 'BATAL UJI', null],
      ],
      { status_changed_at: '2019-02-05 03:00:00', payment_confirm_date: '2019-02-10' }
    ),
    O2: await order('O2', 'insitu', 'A2', '2019-02-10 02:00:00', 'DALAM PROSES', [
      ['X', open, null],
      ['Z', open, null],
      ['Z', open, null],
    ]),
    O3: await order(
      'O3',
      'internal',
      'B1',
      '2019-02-20 02:00:00',
      'DITOLAK',
      Array.from({ length: 5 }, (): Line => ['X', open, null])
    ),
    O4: await order('O4', 'internal', 'B1', '2019-03-05 02:00:00', 'MENUNGGU', [['Y', open, null]]),
    O5: await order('O5', 'internal', 'A1', '2018-12-31 16:30:00', 'ORDER DITERIMA', [
      ['Y', open, null],
    ]),
    O6: await order('O6', 'insitu', 'A1', '2019-12-31 16:30:00', 'DITERIMA', [['X', open, null]]),
  }
  const feedback = async (orderId: number, rating: number, createdAt: string) =>
    Feedback.create({
      orderId,
      userId: null,
      unit: 'Instalasi Laporan',
      critic: null,
      ratings: Object.fromEntries(FEEDBACK_CODES.map((code) => [code, rating])),
      createdAt: DateTime.fromSQL(createdAt, { zone: 'utc' }),
    })
  await feedback(orders.O1.id, 5, '2019-02-01 02:00:00')
  await feedback(orders.O2.id, 4, '2019-03-02 02:00:00')
  await feedback(orders.O3.id, 1, '2019-03-03 02:00:00')

  return { provinceA, provinceB, cityA1: a1, cityA2: a2, facilities, alkes, orders, categories }
}

/** The 2019 range of the world, with more filters. */
export function in2019(extra: Record<string, string> = {}) {
  return { start_date: '2019-01-01', end_date: '2019-12-31', ...extra }
}
