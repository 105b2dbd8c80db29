import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type User from '#models/user'
import InsituLabPlan from '#models/insitu_lab_plan'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import type { Accommodation } from '#shared/insitu_costs'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { estimationItems, labDays, labPlansMissing, requestedLabs } from '#queries/insitu/lab_plans'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

/** Spec part 2 section 6: each head estimates for their own lab; yantek for every lab. */
export function mayEstimateLab(user: User, lab: ServiceLab) {
  return user.can('insitu.estimation.every_lab') || user.headsLab(lab)
}

async function planFor(trx: TransactionClientContract, order: Order, lab: ServiceLab) {
  const labs = await requestedLabs(order, trx)
  if (!labs.includes(lab)) {
    throw new ActionRefusedException(`Permintaan ini tidak memiliki permintaan ${LAB_LABELS[lab]}.`)
  }
  const plan = await InsituLabPlan.query({ client: trx })
    .where('order_id', order.id)
    .where('lab', lab)
    .first()
  return plan ?? new InsituLabPlan().merge({ orderId: order.id, lab })
}

/** Once every requested lab has both, the order waits for its offering letter. */
async function completeWhenReady(actor: StaffActor, order: Order, trx: TransactionClientContract) {
  if (order.status !== 'DITERIMA' || (await labPlansMissing(order, trx))) return
  const moved = await moveOrder(trx, order, 'plans_complete')
  await auditOrder(
    actor,
    order,
    'plans_complete',
    { moved, from: { status: moved.from }, to: moved },
    trx
  )
}

export type EstimationEntry = {
  lab: ServiceLab
  ppHour: number
  ppMinute: number
  officers: number
}

/** Saves the estimation of each given lab: travel, officers, and the days by the spec's formula. */
export async function saveEstimations(actor: StaffActor, order: Order, entries: EstimationEntry[]) {
  insituWorkflow.assert('estimation_save', order, actor.user)
  const refused = entries.find((entry) => !mayEstimateLab(actor.user, entry.lab))
  if (refused) {
    throw new ActionRefusedException(
      `Estimasi ${LAB_LABELS[refused.lab]} diisi oleh kepala laboratoriumnya.`
    )
  }
  await insituWorkflow.take('estimation_save', order, actor.user, async (trx) => {
    for (const entry of entries) {
      const plan = await planFor(trx, order, entry.lab)
      const days = labDays(entry.lab, await estimationItems(order, entry.lab, trx), entry)
      plan.useTransaction(trx).merge({
        ppHour: entry.ppHour,
        ppMinute: entry.ppMinute,
        totalOfficer: entry.officers,
        rawEstimation: days.raw,
        finalEstimation: days.final,
        estimatedAt: DateTime.now(),
      })
      await plan.save()
      await auditOrder(
        actor,
        order,
        'estimation_save',
        {
          to: {
            lab: entry.lab,
            pp_hour: entry.ppHour,
            pp_minute: entry.ppMinute,
            total_officer: entry.officers,
            final_estimation: days.final,
          },
        },
        trx
      )
    }
    await completeWhenReady(actor, order, trx)
  })
}

/** Saves the accommodation of each given lab (each after its estimation). */
export async function saveAccommodations(
  actor: StaffActor,
  order: Order,
  entries: { lab: ServiceLab; accommodation: Accommodation }[]
) {
  await insituWorkflow.take('accommodation_save', order, actor.user, async (trx) => {
    for (const { lab, accommodation } of entries) {
      const plan = await planFor(trx, order, lab)
      if (!plan.estimatedAt) {
        throw new ActionRefusedException(
          `Simpan estimasi ${LAB_LABELS[lab]} terlebih dahulu sebelum akomodasinya.`
        )
      }
      plan.useTransaction(trx).merge({ ...accommodation, accommodationSavedAt: DateTime.now() })
      await plan.save()
      await auditOrder(actor, order, 'accommodation_save', { to: { lab, ...accommodation } }, trx)
    }
    await completeWhenReady(actor, order, trx)
  })
}
