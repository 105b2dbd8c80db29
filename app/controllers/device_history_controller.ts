import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import NotFoundException from '#exceptions/not_found_exception'
import { deviceHistory } from '#queries/devices/device_history'
import { number } from '#validators/rules/number'

const historyQuery = vine.create({
  alkes: number().withoutDecimals().positive(),
  serial: vine.string().trim().minLength(1).maxLength(100),
  fasyankes: number().withoutDecimals().positive().optional(),
})

const NOT_FOUND = 'Riwayat alat tidak ditemukan.'

/** One device's history at the lab (by type and serial number, at one facility). */
export default class DeviceHistoryController {
  async show({ request, auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const qs = request.qs()
    // Opened without a device (from the address bar): say where a device's history is found.
    if (qs.alkes === undefined && qs.serial === undefined) {
      return inertia.render('devices/history', { device: null, entries: [] })
    }
    const [error, query] = await historyQuery.tryValidate(qs)
    if (error) throw new NotFoundException(NOT_FOUND)
    const fasyankesId = user.isFacility ? user.fasyankesId : query.fasyankes
    if (!fasyankesId) throw new NotFoundException(NOT_FOUND)
    const history = await deviceHistory(user, {
      alkesId: query.alkes,
      serial: query.serial,
      fasyankesId,
    })
    if (!history) throw new NotFoundException(NOT_FOUND)
    return inertia.render('devices/history', history)
  }
}
