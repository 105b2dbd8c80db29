import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { baseFilterSchema, whereContains } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { labToday } from '#services/format'
import type { AppliedFilter } from '#lists/types'
import StockRowTransformer from '#transformers/lists/stock_row_transformer'

export interface StockFilters {
  search?: string
  limit?: number
  page?: number
}

/** A row of the list: its transformer's (`app/transformers/lists/stock_row_transformer.ts`). */
export type StockRow = ReturnType<StockRowTransformer['toObject']>

/**
 * Calibrators grouped by type (name, brand, model). A calibrator is borrowed (unavailable)
 * while an open loan line holds it: the same fact that refuses lending it twice.
 */
function stockQuery(filters: StockFilters) {
  const today = labToday()
  const perCalibrator = db
    .from('calibrators as c')
    .select(
      'c.name',
      'c.merk',
      'c.type_model',
      db.raw(
        'CASE WHEN EXISTS (SELECT 1 FROM calibrator_loan_lines h WHERE h.holding_calibrator_id = c.id) THEN 1 ELSE 0 END as held'
      ),
      db.raw(
        `CASE WHEN EXISTS (SELECT 1 FROM calibrator_loan_lines h JOIN calibrator_loans l ON l.id = h.loan_id WHERE h.holding_calibrator_id = c.id AND l.status = 'Confirmed' AND l.planned_return_date < ?) THEN 1 ELSE 0 END as late`,
        [today]
      )
    )
  whereContains(perCalibrator, ['c.name', 'c.merk', 'c.type_model'], filters.search)
  return db.from(perCalibrator.as('s')).groupBy('s.name', 's.merk', 's.type_model')
}

/** One row per type: the grouped rows are wrapped so the list's count counts types. */
function groupedStock(filters: StockFilters) {
  return stockQuery(filters).select(
    's.name',
    's.merk',
    's.type_model',
    db.raw('sum(s.held) as unavailable'),
    db.raw('count(*) - sum(s.held) as available'),
    db.raw('count(*) as stock'),
    db.raw('sum(s.late) as overdue')
  )
}

export const stockList = defineList<StockFilters, StockRow>({
  title: 'Monitoring Stok Kalibrator',
  subtitle: 'Jumlah kalibrator per jenis: dipinjam, tersedia dan seluruhnya.',
  path: '/calibrator/stock',
  fileName: 'stok-kalibrator',
  permission: 'calibrator.view',
  validator: vine.create({ ...baseFilterSchema }),

  query(filters) {
    return db
      .from(groupedStock(filters).as('t'))
      .select('t.*')
      .orderByRaw('lower(t.name)')
      .orderBy('t.merk')
      .orderBy('t.type_model')
  },

  row: (raw) => new StockRowTransformer(raw).toObject(),

  columns: [
    { key: 'name', label: 'Nama Kalibrator', width: 2 },
    { key: 'merk', label: 'Merk' },
    { key: 'model', label: 'Tipe/Model' },
    { key: 'unavailable', label: 'Dipinjam', width: 0.7 },
    { key: 'available', label: 'Tersedia', width: 0.7 },
    { key: 'stock', label: 'Stok', width: 0.7 },
    { key: 'overdue', label: 'Terlambat Kembali', width: 0.9 },
  ],

  async summary(filters) {
    const row = await db
      .from(groupedStock(filters).as('t'))
      .select(
        db.raw('sum(t.unavailable) as unavailable'),
        db.raw('sum(t.stock) as stock'),
        db.raw('sum(t.overdue) as overdue')
      )
      .first()
    const unavailable = Number(row?.unavailable ?? 0)
    const stock = Number(row?.stock ?? 0)
    return {
      unavailable,
      available: stock - unavailable,
      stock,
      overdue: Number(row?.overdue ?? 0),
    }
  },

  describeSummary: (totals) => [
    {
      label: 'Total',
      value: `Dipinjam ${totals.unavailable}, Tersedia ${totals.available}, Stok ${totals.stock}, Terlambat ${totals.overdue}`,
    },
  ],

  describeFilters(filters) {
    const applied: AppliedFilter[] = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    return applied
  },
})
