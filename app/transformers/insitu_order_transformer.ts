import type Order from '#models/order'
import type InsituLabPlan from '#models/insitu_lab_plan'
import { formatDate } from '#services/format'
import { LAB_LABELS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import OrderTransformer, { type OrderDetailContext } from '#transformers/order_transformer'

export interface InsituOrderContext extends OrderDetailContext {
  /** Each lab's estimate (`labPlansOf`). */
  plans: Map<ServiceLab, InsituLabPlan>
}

/**
 * An on-site order (Insitu) for its detail page: what every order's detail shows
 * (`OrderTransformer`) and this type's part: the letter, the offering's signature and
 * contract (for who may see the agreement), and the device lines in one tab per lab with
 * each lab's estimate.
 */
export default class InsituOrderTransformer extends OrderTransformer<InsituOrderContext> {
  forDetail() {
    const order: Order = this.resource
    const { user, plans } = this.context
    const insitu = order.insitu
    const agreement = user.can('insitu.agreement')
    const lines = this.deviceLines()
    return {
      ...super.forDetail(),
      execution_year: insitu.executionYear,
      letter_number: insitu.letterNumber,
      formatted_letter_date: formatDate(insitu.letterDate),
      signature:
        agreement && insitu.signedAt
          ? {
              name: insitu.signatureName,
              nip: insitu.signatureNip,
              position: insitu.signaturePosition,
            }
          : null,
      contract_number: agreement ? insitu.contractNumber : null,
      formatted_contract_date:
        agreement && insitu.contractDate ? formatDate(insitu.contractDate) : null,
      cancel_reason: insitu.cancelReason,
      finalization_notes: insitu.finalizationNotes,
      labs: SERVICE_LABS.map((lab) => {
        const plan = plans.get(lab)
        return {
          lab,
          label: LAB_LABELS[lab],
          devices: lines.filter((line) => line.lab === lab),
          final_estimation: plan?.estimatedAt ? plan.finalEstimation : null,
          total_officer: plan?.estimatedAt ? plan.totalOfficer : null,
        }
      }),
    }
  }
}
