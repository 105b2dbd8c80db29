import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import { LAB_LABELS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import { workflowOf } from '#workflows/order_types'

/** A lab's worksheets as the workflow's guard reads them: a line of that lab. */
export const lineOfLab = (lab: ServiceLab) => ({ lab }) as OrderDevice

/**
 * The labs of the order's lines whose worksheets this user may open (issue 35: on-site lines of
 * UKPR and Sarpras had no worksheet page), in the labs' order: yantek every lab, an on-site team
 * member the lab of their team, an Alat Datang order its PK lines.
 */
export async function worksheetLabs(order: Order, user: User): Promise<ServiceLab[]> {
  const rows = await db.from('order_devices').where('order_id', order.id).distinct('lab')
  const present = new Set(rows.map((row) => row.lab as ServiceLab))
  const workflow = workflowOf(order)
  return SERVICE_LABS.filter(
    (lab) => present.has(lab) && workflow.allows('worksheets', order, user, lineOfLab(lab))
  )
}

/** The tabs of the worksheet page: one per lab this user may open. */
export function worksheetTabs(order: Order, labs: ServiceLab[], current: ServiceLab) {
  return labs.map((lab) => ({
    lab,
    label: `Lab. ${LAB_LABELS[lab]}`,
    href: urlFor('orders.worksheets', { orderType: order.type, id: order.id, lab }),
    active: lab === current,
  }))
}
