import { BaseTransformer } from '@adonisjs/core/transformers'
import type InsituLabPlan from '#models/insitu_lab_plan'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { accommodationCosts, accommodationDefaults, savedAccommodation } from '#shared/insitu_costs'

/** One requested device type of a lab: how many, and the minutes one takes. */
export type EstimationItemRow = {
  name: string
  category: string | null
  quantity: number
  minuteEstimation: number
}

/** A requested lab of an on-site order: its plan (if saved) and its request lines. */
export type LabPlanFacts = {
  lab: ServiceLab
  plan: InsituLabPlan | undefined
  items: EstimationItemRow[]
  /** PK and Sarpras share the work among the officers; UKPR's is not divided. */
  splitAmongOfficers: boolean
}

const hoursAndMinutes = (minutes: number) => ({
  hour: Math.floor(minutes / 60),
  minute: minutes % 60,
})

/**
 * A requested lab as the estimation and accommodation pages show it: the items with their
 * times, the saved estimate (or the form's starting values), the accommodation (saved, or the
 * spec's defaults) with its costs, and whether this user may save this lab's estimation.
 */
export default class InsituLabPlanTransformer extends BaseTransformer<LabPlanFacts> {
  constructor(
    resource: LabPlanFacts,
    protected mayEstimate: boolean
  ) {
    super(resource)
  }

  toObject() {
    const { lab, plan, items } = this.resource
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
      split_among_officers: this.resource.splitAmongOfficers,
      may_estimate: this.mayEstimate,
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
  }
}
