import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import InsituLabPlan from '#models/insitu_lab_plan'
import { LAB_LABELS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import {
  ACCOMMODATION_AMOUNTS,
  accommodationCosts,
  accommodationDefaults,
  estimateDays,
  type Accommodation,
  type EstimationItem,
} from '#workflows/insitu_costs'
import { readAll } from '#services/query_results'

/** A lab plan's saved accommodation, or null while there is none. */
export function savedAccommodation(plan: InsituLabPlan): Accommodation | null {
  if (!plan.accommodationSavedAt) return null
  const amounts = Object.fromEntries(
    ACCOMMODATION_AMOUNTS.map((key) => [key, plan[key] ?? 0])
  ) as Omit<Accommodation, 'planeIsPp'>
  return { ...amounts, planeIsPp: plan.planeIsPp ?? false }
}

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

const hoursAndMinutes = (minutes: number) => ({
  hour: Math.floor(minutes / 60),
  minute: minutes % 60,
})

/**
 * Each requested lab as the estimation and accommodation pages show it: the items with their
 * times, the saved estimate (or the form's starting values), the accommodation (saved, or the
 * spec's defaults) with its costs, and whether this user may save this lab's estimation.
 */
export async function labPlanViews(order: Order, mayEstimate: (lab: ServiceLab) => boolean) {
  const [labs, plans] = await Promise.all([requestedLabs(order), labPlansOf(order)])
  return Promise.all(
    labs.map(async (lab) => {
      const items = await estimationItems(order, lab)
      const plan = plans.get(lab)
      const estimate = {
        pp_hour: plan?.ppHour ?? 0,
        pp_minute: plan?.ppMinute ?? 0,
        officer: plan?.totalOfficer ?? 1,
        raw_estimation: plan?.estimatedAt ? plan.rawEstimation : null,
        final_estimation: plan?.estimatedAt ? plan.finalEstimation : null,
      }
      const accommodation =
        (plan && savedAccommodation(plan)) ??
        accommodationDefaults({
          totalOfficer: estimate.officer,
          finalEstimation: estimate.final_estimation ?? 0,
        })
      return {
        lab,
        label: LAB_LABELS[lab],
        split_among_officers: splitsAmongOfficers(lab),
        may_estimate: mayEstimate(lab),
        estimated: !!plan?.estimatedAt,
        items: items.map((item) => {
          const each = hoursAndMinutes(item.minuteEstimation)
          const total = hoursAndMinutes(item.minuteEstimation * item.quantity)
          return {
            alkes: item.name,
            category: item.category,
            quantity: item.quantity,
            minute_each: item.minuteEstimation,
            hour_estimation: each.hour,
            minute_estimation: each.minute,
            total_hour_estimation: total.hour,
            total_minute_estimation: total.minute,
          }
        }),
        estimate,
        accommodation_saved: !!plan?.accommodationSavedAt,
        accommodation,
        costs: accommodationCosts(accommodation),
      }
    })
  )
}

/** What the estimation and accommodation pages receive: one view per requested lab. */
export type LabPlanPage = {
  order: { number: string }
  backHref: string
  /** Null when this user may not save now (the page is then read-only). */
  submitHref: string | null
  labs: Awaited<ReturnType<typeof labPlanViews>>
  /** The tab open at first: the lab this user heads, when the order has requests for it. */
  activeLab: ServiceLab | null
  /** Why the page is only read (saved, and the order has moved on); null when it may be saved. */
  readOnlyReason: string | null
}
