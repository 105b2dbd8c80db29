import { BaseTransformer } from '@adonisjs/core/transformers'
import { historyHref } from '#queries/devices/history_href'
import { dayCounter, foundNotFit, recalibrationMark } from '#queries/monitoring/recalibration_mark'
import { formatDate, isoDate, labToday } from '#services/format'

/** What a failed device shows where its next calibration date would be. */
export const NOT_FIT_NEXT_STEP = 'Tidak dijadwalkan: perbaikan atau penggantian'

/**
 * A row of the facility inventory (`inventoryQuery`, spec part 1: Data Inventory Fasyankes), its
 * day counter and mark computed against the lab's today. The inventory list reads it, and the
 * dashboard's recalibration monitor (through `InventoryDeviceTransformer`).
 */
export default class InventoryRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    const today = labToday()
    const last = isoDate(raw.last_calibration_date)
    const next = isoDate(raw.next_calibration_date) ?? today
    const days = dayCounter(next, today)
    const notFit = foundNotFit(raw.is_laik)
    const serial = String(raw.serial_number)
    return {
      id: Number(raw.id),
      ...(raw.fasyankes_name === undefined
        ? {}
        : {
            /** Only for users who see every facility (spec part 1 section 6); absent for the others. */
            fasyankes: {
              id: Number(raw.fasyankes_id),
              fasyankes_name: raw.fasyankes_name as string,
            },
          }),
      alkes: { id: Number(raw.alkes_id), name: raw.alkes_name as string },
      merk: (raw.merk ?? null) as string | null,
      type_model: (raw.model ?? null) as string | null,
      serial_number: serial,
      /** Name, brand, model and serial number in one line (the monitor's device column). */
      device: [raw.alkes_name, raw.merk, raw.model, serial].filter(Boolean).join(' / '),
      last_calibration_date: last,
      /**
       * A device last found TIDAK LAIK has no next calibration (issue 37, point 6): it is out
       * of use until repaired or replaced, so no date, no day counter, and its next step.
       */
      next_calibration_date: notFit ? null : next,
      formatted_last_calibration_date: formatDate(last),
      formatted_next_calibration_date: notFit ? NOT_FIT_NEXT_STEP : formatDate(next),
      /** Days from the lab's today to the next calibration; negative once overdue. */
      day_counter: notFit ? null : days,
      /** Last found TIDAK LAIK. */
      not_fit: notFit,
      mark: recalibrationMark(days, notFit),
      /** The device's history page (null without a serial number). */
      history_href: historyHref(Number(raw.alkes_id), serial, Number(raw.fasyankes_id)),
    }
  }
}
