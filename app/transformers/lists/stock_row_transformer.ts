import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A row of the calibrator stock (`stockList`), one per calibrator type (name, brand, model).
 * Spec part 1, stock row: name, merk, model, unavailable, available, stock (and overdue).
 */
export default class StockRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    return {
      id: [raw.name, raw.merk, raw.type_model].join('|'),
      name: raw.name as string,
      merk: raw.merk as string | null,
      model: raw.type_model as string | null,
      unavailable: Number(raw.unavailable),
      available: Number(raw.available),
      stock: Number(raw.stock),
      /** Lent and not back by the loan's planned return date. */
      overdue: Number(raw.overdue),
    }
  }
}
