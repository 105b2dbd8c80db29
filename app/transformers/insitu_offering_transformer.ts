import { BaseTransformer } from '@adonisjs/core/transformers'
import type Order from '#models/order'
import type InsituLabPlan from '#models/insitu_lab_plan'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { rupiahInWords } from '#documents/kit/terbilang'
import { formatDate, formatRupiah } from '#services/format'
import { accommodationCosts, savedAccommodation } from '#shared/insitu_costs'

const COST_LINES = [
  ['officer', 'Uang harian petugas'],
  ['transportation', 'Transportasi darat'],
  ['hotel', 'Hotel'],
  ['plane', 'Tiket pesawat'],
] as const

/**
 * What the offering is figured from: the order (its facility and insitu loaded), the requested
 * labs, their plans and the billed lines.
 */
export type OfferingFacts = {
  order: Order
  labs: ServiceLab[]
  plans: Map<ServiceLab, InsituLabPlan>
  lines: { lab: ServiceLab; name: string; price: number; quantity: number }[]
}

/**
 * An on-site order's offering letter, the same on its page and in its PDF (domain decisions): per lab the request lines (tariff x quantity) and
 * the accommodation costs, the lab's total, and the grand total in figures and in words.
 */
export default class InsituOfferingTransformer extends BaseTransformer<OfferingFacts> {
  toObject() {
    const { order, labs, plans, lines } = this.resource
    const offered = labs.map((lab) => {
      const items = lines
        .filter((line) => line.lab === lab)
        .map(({ name, quantity, price }) => ({ name, quantity, price, subtotal: price * quantity }))
      const plan = plans.get(lab)
      const accommodation = plan ? savedAccommodation(plan) : null
      const costs = accommodation ? accommodationCosts(accommodation) : null
      const services = items.reduce((sum, item) => sum + item.subtotal, 0)
      const total = services + (costs?.total ?? 0)
      return {
        lab,
        label: LAB_LABELS[lab],
        items: items.map((item) => ({
          ...item,
          formatted_price: formatRupiah(item.price),
          formatted_subtotal: formatRupiah(item.subtotal),
        })),
        costs: COST_LINES.map(([key, label]) => ({
          label,
          amount: costs?.[key] ?? 0,
          formatted_amount: formatRupiah(costs?.[key] ?? 0),
        })),
        officers: plan?.totalOfficer ?? null,
        days: plan?.estimatedAt ? plan.finalEstimation : null,
        services,
        formatted_services: formatRupiah(services),
        total,
        formatted_total: formatRupiah(total),
      }
    })
    const total = offered.reduce((sum, lab) => sum + lab.total, 0)
    const insitu = order.insitu
    return {
      number: order.number,
      fasyankes: order.fasyankes.fasyankesName,
      address: order.fasyankes.address ?? '-',
      execution_year: insitu.executionYear,
      letter_number: insitu.letterNumber,
      formatted_letter_date: formatDate(insitu.letterDate),
      formatted_sent_at: insitu.offeringSentAt ? formatDate(insitu.offeringSentAt) : null,
      labs: offered,
      total,
      formatted_total: formatRupiah(total),
      total_in_words: rupiahInWords(total),
      signature: insitu.signedAt
        ? {
            name: insitu.signatureName!,
            nip: insitu.signatureNip!,
            position: insitu.signaturePosition!,
            formatted_signed_at: formatDate(insitu.signedAt),
          }
        : null,
    }
  }
}
