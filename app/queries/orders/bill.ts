import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { type LAB_LABELS } from '#enums/labs'
import { rupiahInWords } from '#documents/kit/terbilang'
import { formatRupiah } from '#services/format'
import { offeringOf } from '#queries/insitu/offering'

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

export type BillLine = { description: string; quantity: number; price: number; amount: number }

/**
 * What an order is billed: each service line with its quantity, unit price and amount (an
 * on-site order adds each lab's accommodation costs, as its offering did), the total in figures
 * and in words. The invoice letters, the proof of invoice and the invoice page read it.
 */
export async function billOf(order: Order) {
  let lines: BillLine[]
  if (order.type === 'insitu') {
    const offering = await offeringOf(order)
    lines = offering.labs.flatMap((lab) => [
      ...lab.items.map((item) => ({
        description: `${item.name} (${lab.label})`,
        quantity: item.quantity,
        price: item.price,
        amount: item.subtotal,
      })),
      ...lab.costs
        .filter((cost) => cost.amount > 0)
        .map((cost) => ({
          description: `Akomodasi ${lab.label}: ${cost.label}`,
          quantity: 1,
          price: cost.amount,
          amount: cost.amount,
        })),
    ])
  } else {
    const devices = await billedDevices(order)
    lines = devices.map((line) => ({
      description: line.name,
      quantity: line.quantity,
      price: line.price,
      amount: line.price * line.quantity,
    }))
  }
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
