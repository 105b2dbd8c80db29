import { BaseTransformer } from '@adonisjs/core/transformers'
import type AlkesTestPoint from '#models/alkes_test_point'

/**
 * A stored test point of a device type's template, as its page and its audit read it (the
 * list's order is its position).
 */
export default class AlkesTestPointTransformer extends BaseTransformer<AlkesTestPoint> {
  toObject() {
    const point = this.resource
    return {
      parameter: point.parameter,
      unit: point.unit,
      nominal: Number(point.nominal),
      tolerance: Number(point.tolerance),
      tolerance_type: point.toleranceType,
      repeats: Number(point.repeats),
      resolution: Number(point.resolution),
    }
  }
}
