import { BaseTransformer } from '@adonisjs/core/transformers'
import type { InventoryRow } from '#queries/monitoring/inventory_rows'

/** A device of the facility inventory (a row of `InventoryRowTransformer`) for the pages beyond its list. */
export default class InventoryDeviceTransformer extends BaseTransformer<InventoryRow> {
  constructor(
    resource: InventoryRow,
    /** Whether the viewer sees the facility column (`seesFacilities`). */
    protected seesFacility: boolean
  ) {
    super(resource)
  }

  /**
   * The dashboard's recalibration monitor (spec part 1, Monitoring): the facility (yantek and
   * admin_pk only), the device as name, brand, model and serial number, the next calibration and
   * the day counter.
   */
  forMonitor() {
    const row = this.resource
    return {
      id: row.id,
      /** Null for users who may not see the facility column. */
      fasyankes_name: this.seesFacility ? (row.fasyankes?.fasyankes_name ?? null) : null,
      alkes: row.device,
      formatted_next_calibration_date: row.formatted_next_calibration_date,
      day_counter: row.day_counter,
      // Its last result: a device found TIDAK LAIK is not "due in N days", it is out of use.
      not_fit: row.not_fit,
      /** Overdue, due soon or TIDAK LAIK (the server's marking, shared with the inventory). */
      mark: row.mark,
      /** The device's history page (null without a serial number). */
      history_href: row.history_href,
    }
  }
}
