import type { HttpContext } from '@adonisjs/core/http'
import { deviceOutcomeRows } from '#queries/orders/device_popover'

/** An order's device lines with their results and certificates: the order lists' popover. */
export default class DeviceOutcomesController {
  async index({ auth, order }: HttpContext) {
    return deviceOutcomeRows(order, auth.user!)
  }
}
