import type Order from '#models/order'
import { labPlansOf, requestedLabs } from '#queries/insitu/lab_plans'
import { billedDevices } from '#queries/orders/billed_devices'
import InsituOfferingTransformer from '#transformers/insitu_offering_transformer'

/**
 * The offering letter's figures, the same on its page and in its PDF
 * (`InsituOfferingTransformer`). Cancelled lines are not offered.
 */
export async function offeringOf(order: Order) {
  await order.load('fasyankes')
  await order.load('insitu')
  const [labs, plans] = await Promise.all([requestedLabs(order), labPlansOf(order)])
  const lines = await billedDevices(order)
  return new InsituOfferingTransformer({ order, labs, plans, lines }).toObject()
}
