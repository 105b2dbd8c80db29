import { BaseTransformer } from '@adonisjs/core/transformers'
import type Alkes from '#models/alkes'
import { LABORATORY_LABELS } from '#enums/master_data'

/** A device type (alkes) for the pages that show one. */
export default class AlkesTransformer extends BaseTransformer<Alkes> {
  /** The head of its test points page. */
  forTestPoints() {
    const { id, name, alkesCode, laboratory } = this.resource
    return {
      id,
      name,
      alkes_code: alkesCode,
      laboratory,
      laboratory_label: LABORATORY_LABELS[laboratory],
    }
  }
}
