import { BaseTransformer } from '@adonisjs/core/transformers'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { LABORATORY_LABELS, type AlkesLaboratory } from '#enums/master_data'

/** One device type as the public simulation shows it: nothing but its name and tariff. */
export type SimulationPrice = {
  id: number
  name: string
  /** Tariff in whole rupiah. */
  price: number
}

/** One tab of the public simulation: a lab and its device types (sorted by the query). */
export default class SimulationTabTransformer extends BaseTransformer<{
  lab: ServiceLab
  items: SimulationPrice[]
}> {
  toObject() {
    const { lab, items } = this.resource
    return {
      key: lab,
      label: LABORATORY_LABELS[lab.toUpperCase() as AlkesLaboratory],
      shortLabel: LAB_LABELS[lab],
      items,
    }
  }
}
