import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { type LAB_LABELS } from '#enums/labs'
import { rupiahInWords } from '#documents/kit/terbilang'
import { formatRupiah } from '#services/format'
import { orderTypeOf, type OrderTypeInfo } from '#workflows/order_types'

/**
 * The billable device lines of an order grouped by lab, device type and price (the price copied
 * when the line was added): every line but BATAL UJI, as the offering and the invoices read them.
 */
export async function billedDevices(order: Order) {
  const rows = await db
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .whereNot('d.status', 'BATAL UJI')
    .groupBy('d.lab', 'a.name', 'd.price')
    .orderBy('a.name')
    .select('d.lab', 'a.name', 'd.price')
    .count('* as quantity')
  return rows.map((row) => ({
    lab: row.lab as keyof typeof LAB_LABELS,
    name: row.name as string,
    price: Number(row.price),
    quantity: Number(row.quantity),
  }))
}

/** Device lines as bill lines: their quantity at their price. */
function deviceBillLines(devices: Awaited<ReturnType<typeof billedDevices>>): BillLine[] {
  return devices.map((line) => ({
    description: line.name,
    quantity: line.quantity,
    price: line.price,
    amount: line.price * line.quantity,
  }))
}

export type BillLine = { description: string; quantity: number; price: number; amount: number }

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
