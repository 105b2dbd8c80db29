import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { CONDITION_LABELS, type CalibratorCondition } from '#enums/master_data'
import { formatDate, isoDate } from '#services/format'

/**
 * A row of the calibrator register (`calibratorList`, spec part 1: Data Kalibrator): a
 * `calibrators` row with its unit's and its officer's names.
 */
export default class CalibratorRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    const available = Boolean(Number(raw.is_available))
    const condition = raw.calibrator_condition as CalibratorCondition
    const last = isoDate(raw.last_calibration_date)
    const next = isoDate(raw.next_calibration_date)
    return {
      id: Number(raw.id),
      name: raw.name as string,
      merk: raw.merk as string | null,
      type_model_category: raw.type_model_category as string,
      type_model: raw.type_model as string | null,
      serial_number: raw.serial_number as string,
      channel_count: Number(raw.channel_count),
      bpfk_user_id: raw.bpfk_user_id === null ? null : Number(raw.bpfk_user_id),
      bpfk_user: raw.bpfk_user_id
        ? { id: Number(raw.bpfk_user_id), name: raw.bpfk_user_name as string }
        : null,
      unit: { id: Number(raw.unit_id), name: raw.unit_name as string },
      calibrator_condition: condition,
      formatted_calibrator_condition: CONDITION_LABELS[condition] ?? condition,
      is_available: available,
      formatted_is_available: available ? 'Tersedia' : 'Tidak Tersedia',
      last_calibration_date: last,
      next_calibration_date: next,
      formatted_last_calibration_date: formatDate(last),
      formatted_next_calibration_date: formatDate(next),
      /** Its own calibration history (issue 15), shown to whoever may read the list. */
      history_href: urlFor('calibrator.history', { id: raw.id }),
    }
  }
}
