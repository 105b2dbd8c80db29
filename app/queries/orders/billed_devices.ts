import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { type LAB_LABELS } from '#enums/labs'

/** One line of a bill: what, how many, at what unit price, and its amount. */
export type BillLine = { description: string; quantity: number; price: number; amount: number }

/**
 * The billable device lines of an order grouped by lab, device type and price (the price copied
 * when the line was added): every line but BATAL UJI, as the offering and the invoices read them.
 * Below the order-type registry: a type's own bill lines (on site, the offering's) build on it.
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
export function deviceBillLines(devices: Awaited<ReturnType<typeof billedDevices>>): BillLine[] {
  return devices.map((line) => ({
    description: line.name,
    quantity: line.quantity,
    price: line.price,
    amount: line.price * line.quantity,
  }))
}
