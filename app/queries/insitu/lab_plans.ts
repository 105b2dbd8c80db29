import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import InsituLabPlan from '#models/insitu_lab_plan'
import { LAB_LABELS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import { estimateDays, type EstimationItem } from '#shared/insitu_costs'
import { readAll } from '#services/query_results'
import InsituLabPlanTransformer from '#transformers/insitu_lab_plan_transformer'

/** The labs an on-site order has requests for, in the spec's tab order (PK, UKPR, Sarpras). */
export async function requestedLabs(
  order: Pick<Order, 'id'>,
  client: QueryClientContract = db.connection()
) {
  const rows = await client.from('order_devices').where('order_id', order.id).distinct('lab')
  const present = new Set(rows.map((row) => row.lab as ServiceLab))
  return SERVICE_LABS.filter((lab) => present.has(lab))
}

/** Each requested device type of one lab, with how many and the minutes one takes. */
export async function estimationItems(
  order: Pick<Order, 'id'>,
  lab: ServiceLab,
  client: QueryClientContract = db.connection()
) {
  const rows = await client
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .where('d.lab', lab)
    .whereNot('d.status', 'BATAL UJI')
    .groupBy('a.id', 'a.name', 'a.category', 'd.minute_estimation')
    .orderBy('a.name')
    .select('a.id', 'a.name', 'a.category', 'd.minute_estimation')
    .count('* as quantity')
  return rows.map((row) => ({
    alkesId: Number(row.id),
    name: row.name as string,
    category: (row.category as string | null) ?? null,
    quantity: Number(row.quantity),
    minuteEstimation: Number(row.minute_estimation),
  }))
}

/** PK and Sarpras share the work among the officers; UKPR's is not divided (spec section 9). */
export const splitsAmongOfficers = (lab: ServiceLab) => lab !== 'ukpr'

/** A lab's days from its items and what was entered, by the spec's formula. */
export function labDays(
  lab: ServiceLab,
  items: EstimationItem[],
  input: { ppHour: number; ppMinute: number; officers: number }
) {
  return estimateDays(items, input, splitsAmongOfficers(lab))
}

/** The plans of an order's labs, by lab. */
export async function labPlansOf(order: Pick<Order, 'id'>, client?: QueryClientContract) {
  const plans = await InsituLabPlan.query(client ? { client } : undefined).where(
    'order_id',
    order.id
  )
  return new Map(plans.map((plan) => [plan.lab, plan]))
}

/**
 * A workflow precondition (`blockedBy`) of the offering letter: every lab the order has
 * requests for has its estimation and its accommodation saved.
 */
export async function labPlansMissing(order: Order, client?: QueryClientContract) {
  const [labs, plans] = await readAll(client ?? {}, [
    () => requestedLabs(order, client),
    () => labPlansOf(order, client),
  ])
  if (!labs.length) return 'Belum ada permintaan alat.'
  const missing = labs.filter((lab) => {
    const plan = plans.get(lab)
    return !plan?.estimatedAt || !plan.accommodationSavedAt
  })
  if (!missing.length) return null
  return `Estimasi dan akomodasi ${missing.map((lab) => LAB_LABELS[lab]).join(', ')} belum lengkap.`
}

/**
 * Each requested lab as the estimation and accommodation pages show it
 * (`InsituLabPlanTransformer`), and whether this user may save its estimation.
 */
export async function labPlanViews(order: Order, mayEstimate: (lab: ServiceLab) => boolean) {
  const [labs, plans] = await Promise.all([requestedLabs(order), labPlansOf(order)])
  return Promise.all(
    labs.map(async (lab) => {
      const facts = {
        lab,
        plan: plans.get(lab),
        items: await estimationItems(order, lab),
        splitAmongOfficers: splitsAmongOfficers(lab),
      }
      return new InsituLabPlanTransformer(facts, mayEstimate(lab)).toObject()
    })
  )
}
