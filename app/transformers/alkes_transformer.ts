import { BaseTransformer } from '@adonisjs/core/transformers'
import type Alkes from '#models/alkes'
import { LABORATORY_LABELS } from '#enums/master_data'

/** A device type (alkes) for the pages that show one. */
export default class AlkesTransformer extends BaseTransformer<Alkes> {
  /** The head of its test points page. */
  forTestPoints() {
    const alkes = this.resource
    return {
      id: alkes.id,
      name: alkes.name,
      alkes_code: alkes.alkesCode,
      laboratory: alkes.laboratory,
      laboratory_label: LABORATORY_LABELS[alkes.laboratory],
    }
  }
}
