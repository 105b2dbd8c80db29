import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import Inventory from '#models/inventory'
import { currentFiles } from '#files/order_files'
import { nextCalibrationDate } from '#services/recalibration'

/**
 * A device line is finished once its worksheet carries a result and a
 * certificate or result (file or link) is attached; then the facility's
 * inventory gains (or updates) the device with its last and next
 * calibration dates (domain decisions: Inventory and recalibration).
 */
export async function settleDevice(
  trx: TransactionClientContract,
  order: Order,
  device: OrderDevice
) {
  const hasResult = device.worksheetSavedAt && device.isLaik !== null
  if (device.status !== 'BELUM SELESAI' || !hasResult || !device.workDate || !device.serialNumber) {
    return false
  }
  const files = await currentFiles(trx, order.id, ['certificate', 'result']).where(
    'order_device_id',
    device.id
  )
  if (!files.length) return false
  device.status = 'SELESAI'
  await device.useTransaction(trx).save()
  await device.load('alkes')
  const next = nextCalibrationDate(device.workDate, device.alkes.recalibrationMonths)
  const item =
    (await Inventory.query({ client: trx })
      .where('fasyankes_id', order.fasyankesId)
      .where('alkes_id', device.alkesId)
      .where('serial_number', device.serialNumber)
      .first()) ?? new Inventory()
  item.useTransaction(trx)
  item.merge({
    fasyankesId: order.fasyankesId,
    alkesId: device.alkesId,
    merk: device.merk,
    model: device.model,
    serialNumber: device.serialNumber,
    lastCalibrationDate: device.workDate,
    nextCalibrationDate: next,
    orderDeviceId: device.id,
  })
  await item.save()
  return true
}
