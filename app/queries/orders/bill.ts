import type Order from '#models/order'
import { rupiahInWords } from '#documents/kit/terbilang'
import { formatRupiah } from '#services/format'
import { orderTypeOf, type OrderTypeInfo } from '#workflows/order_types'
import { billedDevices, deviceBillLines, type BillLine } from '#queries/orders/billed_devices'

/**
 * What an order is billed: each service line with its quantity, unit price and amount (its
 * device lines, or the lines its order type bills: on site, the offering's with each lab's
 * accommodation costs), the total in figures
 * and in words. The invoice letters, the proof of invoice and the invoice page read it.
 */
export async function billOf(order: Order) {
  // A type billing more than its device lines (on site: accommodation) says how.
  const info: OrderTypeInfo = orderTypeOf(order)
  const lines: BillLine[] = info.billLines
    ? await info.billLines(order)
    : deviceBillLines(await billedDevices(order))
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  return {
    lines: lines.map((line) => ({
      ...line,
      formatted_price: formatRupiah(line.price),
      formatted_amount: formatRupiah(line.amount),
    })),
    total,
    formatted_total: formatRupiah(total),
    total_in_words: rupiahInWords(total),
  }
}
