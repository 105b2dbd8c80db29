import Order from '#models/order'
import type User from '#models/user'
import { formatDate } from '#services/format'
import { whereSameSerial } from '#queries/devices/serial'
import { deviceLinesQuery } from '#queries/orders/joins'
import { filesByDevice, visibleFiles } from '#queries/orders/order_files_view'
import { ORDER_TYPE_INFO, isOrderType } from '#workflows/order_types'

export type DeviceKey = { alkesId: number; serial: string; fasyankesId: number }

/**
 * Everything one device has been through at the lab: the device is its type and serial
 * number at one facility (compared trimmed, ignoring case). Each line it appeared on, newest
 * first, with its order, work date, result, certificate number and the files this user may
 * open. Null when the user may see none of it (a facility sees only its own devices).
 */
export async function deviceHistory(user: User, key: DeviceKey) {
  if (user.isFacility && user.fasyankesId !== key.fasyankesId) return null
  const lines = await whereSameSerial(deviceLinesQuery(), 'd.serial_number', key.serial)
    .where('d.alkes_id', key.alkesId)
    .where('o.fasyankes_id', key.fasyankesId)
    .orderBy('o.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .select(
      'd.id',
      'd.order_id',
      'd.status',
      'd.merk',
      'd.model',
      'd.serial_number',
      'd.work_date',
      'd.is_laik',
      'd.certificate_number',
      'o.type',
      'o.number',
      'o.created_at',
      'a.name as alkes_name',
      'f.fasyankes_name'
    )
  const visible = lines.filter((line) => {
    const type: unknown = line.type
    return isOrderType(type) && user.can(ORDER_TYPE_INFO[type].viewPermission)
  })
  if (!visible.length) return null

  const orders = await Order.query().whereIn(
    'id',
    visible.map((line) => line.order_id)
  )
  const filesOf = new Map<number, Map<number, Record<string, string>>>()
  for (const order of orders)
    filesOf.set(order.id, filesByDevice(order, await visibleFiles(order, user)))

  const first = visible[0]
  return {
    device: {
      alkes: first.alkes_name as string,
      serial_number: first.serial_number as string,
      merk: (first.merk as string | null) ?? null,
      model: (first.model as string | null) ?? null,
      fasyankes_name: first.fasyankes_name as string,
    },
    entries: visible.map((line) => {
      const files = filesOf.get(Number(line.order_id))?.get(Number(line.id)) ?? {}
      const type = line.type as keyof typeof ORDER_TYPE_INFO
      const laik = line.is_laik === null ? null : Boolean(line.is_laik)
      return {
        id: Number(line.id),
        order_number: line.number as string,
        order_href: ORDER_TYPE_INFO[type].pagePath({ id: Number(line.order_id) }, user),
        service: ORDER_TYPE_INFO[type].title,
        status: line.status as string,
        formatted_work_date: line.work_date ? formatDate(line.work_date) : '-',
        result: laik === null ? '-' : laik ? 'LAIK' : 'TIDAK LAIK',
        certificate_number: (line.certificate_number as string | null) ?? null,
        certificate_href: files.certificate ?? null,
        result_href: files.result ?? null,
        worksheet_href: files.worksheet ?? null,
      }
    }),
  }
}
