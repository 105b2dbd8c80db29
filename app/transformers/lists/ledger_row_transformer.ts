import { BaseTransformer } from '@adonisjs/core/transformers'
import { formatDate, formatRupiah } from '#services/format'
import { ORDER_TYPE_INFO, type OrderType } from '#workflows/order_types'

/**
 * A row of a report ledger (Laporan Berita Acara, Laporan PNBP: app/queries/reports/
 * ledger_lists.ts): the order, its type's code, the facility, the ledger's date, the devices and
 * the tariff, and its page.
 */
export default class LedgerRowTransformer extends BaseTransformer<Record<string, any>> {
  constructor(
    resource: Record<string, any>,
    /** How the ledger reads its date column as a lab date (YYYY-MM-DD). */
    protected dateOf: (value: unknown) => string | null
  ) {
    super(resource)
  }

  toObject() {
    const raw = this.resource
    const type = raw.type as OrderType
    const date = this.dateOf(raw.date)
    return {
      id: Number(raw.id),
      number: raw.number as string,
      type,
      type_label: ORDER_TYPE_INFO[type].code,
      fasyankes_name: raw.fasyankes_name as string,
      date,
      formatted_date: formatDate(date),
      device_count: Number(raw.device_count),
      total_price: Number(raw.total_price),
      formatted_total_price: formatRupiah(Number(raw.total_price)),
      href: ORDER_TYPE_INFO[type].detailPath({ id: Number(raw.id) }),
    }
  }
}
