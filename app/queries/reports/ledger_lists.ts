import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import vine from '@vinejs/vine'
import { baseFilterSchema, typedColumn, whereContains } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { whereWithin } from '#queries/reports/counted_services'
import { keptLedgerTotals, overRange } from '#queries/reports/kept_counts'
import type { Ledger as KeptLedger } from '#database/report_counts'
import {
  ORDER_TYPE_FILTER_LABELS,
  reportRangeSchema,
  resolveReportFilters,
  type OrderTypeFilter,
  type ReportFilters,
} from '#queries/reports/report_filters'
import { formatDate, formatRupiah, fromDatabase, isoDate, LAB_TIMEZONE } from '#services/format'
import { ORDER_TYPE_INFO, ORDER_TYPES } from '#workflows/order_types'
import type { Signatory } from '#documents/kit/document'
import type User from '#models/user'
import type { AppliedFilter } from '#lists/types'
import LedgerRowTransformer from '#transformers/lists/ledger_row_transformer'

/**
 * The two report tables the spec shows only as a filter form (start date, end date, order type,
 * Filter), with real rows (domain decisions, Reports): the berita acara lists the orders
 * finished in the range, the PNBP report the orders whose payment the treasurer confirmed in
 * it, each with its devices and its service tariff total, and totals per order type.
 */
export interface LedgerFilters {
  search?: string
  limit?: number
  page?: number
  start_date?: string
  end_date?: string
  order_type?: OrderTypeFilter
}

export type LedgerRow = ReturnType<LedgerRowTransformer['toObject']>

interface Ledger {
  title: string
  subtitle: string
  path: string
  fileName: string
  dateLabel: string
  /** Its months kept by the database (database/report_counts.ts). */
  kept: KeptLedger
  /** Narrows the orders to the ledger's and the range; selects the row's date as `date`. */
  scope(query: DatabaseQueryBuilderContract<any>, range: ReportFilters): void
  /** The row's `date` as a lab date. */
  dateOf(value: unknown): string | null
  /** A berita acara is signed: who made it, and the head of the lab who approves it. */
  signed?: boolean
}

/** The signature blocks of a berita acara: the user who printed it, and the lab's head. */
function beritaAcaraSignatures(user: User): Signatory[] {
  return [
    {
      role: 'Dibuat oleh,',
      name: user.name,
      detail: user.nip ? `NIP ${user.nip}` : undefined,
    },
    { role: 'Mengetahui, Kepala Laboratorium', name: '..........................' },
  ]
}

function rangeOf(filters: LedgerFilters) {
  return resolveReportFilters({
    start_date: filters.start_date,
    end_date: filters.end_date,
    order_type: filters.order_type,
  })
}

/**
 * The ledger's orders, without joins: the facility's name is read for the rows of the page
 * only, so counting and totalling a period read the orders' indexes alone.
 */
function ledgerQuery(ledger: Ledger, filters: LedgerFilters) {
  const range = rangeOf(filters)
  const query = db
    .from('orders as o')
    .select('o.id', 'o.number', 'o.type', 'o.device_count', 'o.total_price')
    .select(
      db.raw(
        '(SELECT f.fasyankes_name FROM fasyankes f WHERE f.id = o.fasyankes_id) as fasyankes_name'
      )
    )
  ledger.scope(query, range)
  if (range.orderType !== 'ALL') query.where('o.type', range.orderType)
  if (filters.search) {
    const facilities = whereContains(
      db.from('fasyankes').select('id'),
      ['fasyankes_name'],
      filters.search
    )
    query.where((search) => {
      whereContains(search, ['o.number'], filters.search)
      search.orWhereIn('o.fasyankes_id', facilities)
    })
  }
  return query
}

type Totals = { orders: number; devices: number; amount: number }

/**
 * The ledger's orders, devices and tariffs per order type in the range: whole months from the
 * kept counts and the days around them from the orders; with a search, from the orders alone.
 */
async function ledgerTotals(ledger: Ledger, filters: LedgerFilters) {
  const range = rangeOf(filters)
  const rows = await overRange(
    range,
    (kept) => keptLedgerTotals(range, kept, ledger.kept),
    async (part) => {
      const within = { ...filters, start_date: part.startDate, end_date: part.endDate }
      const found = await db
        .from(ledgerQuery(ledger, within).as('t'))
        .groupBy('t.type')
        .select('t.type', db.raw('count(*) as orders'), db.raw('sum(t.device_count) as devices'))
        .select(db.raw('sum(t.total_price) as amount'))
      return found.map((row) => ({
        type: String(row.type),
        orders: Number(row.orders),
        devices: Number(row.devices ?? 0),
        amount: Number(row.amount ?? 0),
      }))
    },
    !filters.search
  )
  const totals = new Map<string, Totals>()
  for (const row of rows) {
    const sums = totals.get(row.type) ?? { orders: 0, devices: 0, amount: 0 }
    totals.set(row.type, {
      orders: sums.orders + row.orders,
      devices: sums.devices + row.devices,
      amount: sums.amount + row.amount,
    })
  }
  return totals
}

function ledgerList(ledger: Ledger) {
  return defineList<LedgerFilters, LedgerRow>({
    title: ledger.title,
    subtitle: ledger.subtitle,
    path: ledger.path,
    fileName: ledger.fileName,
    permission: 'report.view',
    document: {
      letterhead: true,
      signatures: ledger.signed ? beritaAcaraSignatures : undefined,
    },
    validator: vine.create({
      ...baseFilterSchema,
      ...reportRangeSchema,
    }),

    query: (filters) => ledgerQuery(ledger, filters).orderBy('date').orderBy('o.id'),

    row: (raw) => new LedgerRowTransformer(raw, ledger.dateOf).toObject(),

    columns: [
      { key: 'number', label: 'No Order', width: 1.4 },
      { key: 'type_label', label: 'Jenis', width: 0.5 },
      { key: 'fasyankes_name', label: 'Fasyankes', width: 2 },
      typedColumn('formatted_date', ledger.dateLabel, 1.1, 'date', (row) => row.date),
      typedColumn('device_count', 'Jumlah Alat', 0.7, 'number', (row) => row.device_count),
      typedColumn(
        'formatted_total_price',
        'Tarif Layanan',
        1.2,
        'rupiah',
        (row) => row.total_price
      ),
    ],

    // Without a search, the rows are counted from the kept months too.
    async total(filters) {
      if (filters.search) return null
      const totals = await ledgerTotals(ledger, filters)
      return { total: [...totals.values()].reduce((sum, row) => sum + row.orders, 0) }
    },

    async summary(filters) {
      const found = await ledgerTotals(ledger, filters)
      const totals: Record<string, number> = { orders: 0, devices: 0, amount: 0 }
      for (const type of ORDER_TYPES) {
        const row = found.get(type)
        for (const key of ['orders', 'devices', 'amount'] as const) {
          const value = row?.[key] ?? 0
          totals[`${type}_${key}`] = value
          totals[key] += value
        }
      }
      return totals
    },

    describeSummary: (totals) =>
      [
        ...ORDER_TYPES.map((type) => {
          const { title, code } = ORDER_TYPE_INFO[type]
          return [`${type}_`, `${title} (${code})`] as const
        }),
        ['', 'Total'] as const,
      ].map(([prefix, label]) => ({
        label,
        value: `${totals[`${prefix}orders`]} order, ${totals[`${prefix}devices`]} alat, ${formatRupiah(totals[`${prefix}amount`])}`,
      })),

    describeFilters(filters) {
      const range = rangeOf(filters)
      const applied: AppliedFilter[] = [
        {
          label: 'Periode',
          value: `${formatDate(range.startDate)} - ${formatDate(range.endDate)}`,
        },
        { label: 'Jenis Order', value: ORDER_TYPE_FILTER_LABELS[range.orderType] },
      ]
      if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
      return applied
    },
  })
}

/** Orders finished (SELESAI) in the range, dated by the day they were finished. */
export const beritaAcaraList = ledgerList({
  title: 'Laporan Berita Acara',
  subtitle: 'Order yang selesai dalam periode, dengan jumlah alat dan tarif layanannya.',
  path: '/report/berita-acara',
  fileName: 'laporan-berita-acara',
  dateLabel: 'Tanggal Selesai',
  kept: 'finished',
  signed: true,
  scope(query, range) {
    whereWithin(query, 'o.status_changed_at', range)
      .where('o.status', 'SELESAI')
      .select('o.status_changed_at as date')
  },
  dateOf: (value) => fromDatabase(value)?.setZone(LAB_TIMEZONE).toISODate() ?? null,
})

/** Orders whose payment was confirmed in the range: the service tariffs received (PNBP). */
export const pnbpList = ledgerList({
  title: 'Laporan PNBP',
  subtitle: 'Penerimaan tarif layanan dari order yang pembayarannya dikonfirmasi dalam periode.',
  path: '/report/pnbp',
  fileName: 'laporan-pnbp',
  dateLabel: 'Tanggal Konfirmasi Bayar',
  kept: 'paid',
  scope(query, range) {
    query
      .whereNotNull('o.payment_confirm_date')
      .whereBetween('o.payment_confirm_date', [range.startDate, range.endDate])
      .select('o.payment_confirm_date as date')
  },
  dateOf: isoDate,
})
