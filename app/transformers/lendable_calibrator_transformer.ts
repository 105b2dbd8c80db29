import { BaseTransformer } from '@adonisjs/core/transformers'
import { CONDITION_LABELS, type CalibratorCondition } from '#enums/master_data'
import type { ServiceLab } from '#enums/labs'
import { formatDate, isoDate } from '#services/format'

/** A row of the lendable query: the calibrator with its unit's name. */
export type LendableRow = {
  id: number | string
  name: string
  merk: string | null
  type_model: string | null
  serial_number: string
  unit: string
  calibrator_condition: CalibratorCondition
  next_calibration_date: unknown
}

/**
 * A calibrator as the loan form's serial lookup and the loan's save judge it (a row of the
 * lendable query: the calibrator with its unit's name), whether no open loan holds it, and the
 * lab that decides on lending it (from its unit's name), null for PDP.
 */
export default class LendableCalibratorTransformer extends BaseTransformer<LendableRow> {
  constructor(
    resource: LendableRow,
    protected judged: { available: boolean; lab: ServiceLab | null }
  ) {
    super(resource)
  }

  toObject() {
    const { id, name, merk, type_model: typeModel, serial_number: serial, unit } = this.resource
    const condition = this.resource.calibrator_condition
    return {
      id: Number(id),
      name,
      merk,
      type_model: typeModel,
      serial_number: serial,
      unit,
      lab: this.judged.lab,
      calibrator_condition: condition,
      formatted_calibrator_condition: CONDITION_LABELS[condition] ?? condition,
      is_available: this.judged.available,
      formatted_next_calibration_date: formatDate(isoDate(this.resource.next_calibration_date)),
    }
  }
}
