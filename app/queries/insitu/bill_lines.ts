import type Order from '#models/order'
import type { BillLine } from '#queries/orders/billed_devices'
import { offeringOf } from '#queries/insitu/offering'

/**
 * What an on-site order is billed, as its offering priced it: each lab's service lines, then
 * that lab's accommodation costs (those above zero).
 */
export async function insituBillLines(order: Order): Promise<BillLine[]> {
  const offering = await offeringOf(order)
  return offering.labs.flatMap((lab) => [
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
}
