import type Order from '#models/order'
import OrderDevice from '#models/order_device'
import { formatRupiah } from '#services/format'
import { isBillable } from '#workflows/device_status'
import type { DocumentWriter } from '#documents/kit/document'

/** An order with what every order document prints: its facility and its device lines. */
export async function loadForDocument(order: Order) {
  await order.load('fasyankes')
  const devices = await OrderDevice.query()
    .where('order_id', order.id)
    .preload('alkes')
    .orderBy('id')
  return devices
}

/** The facility block at the top of an order document. */
export function facilityRows(order: Order): [string, string][] {
  return [
    ['Fasyankes', order.fasyankes.fasyankesName],
    ['Alamat', order.fasyankes.address ?? '-'],
  ]
}

/** A column of the device table that matters for one moment (function, result, certificate). */
export interface StateColumn {
  label: string
  width?: number
  value: (device: OrderDevice) => string | null
  /** The cell's text colour, when the value calls for one. */
  color?: (device: OrderDevice) => string | null
}

/**
 * The device table of the receiving and hand-over proofs: identity, the
 * columns that matter for that moment, accessories, and the billable total.
 */
export function deviceTable(
  writer: DocumentWriter,
  devices: OrderDevice[],
  stateColumns: StateColumn | StateColumn[]
) {
  const states = Array.isArray(stateColumns) ? stateColumns : [stateColumns]
  const table = writer.table([
    { label: 'No', width: 0.4 },
    { label: 'Alat', width: 2 },
    { label: 'Merk / Model', width: 1.6 },
    { label: 'No. Seri', width: 1.2 },
    ...states.map((state) => ({ label: state.label, width: state.width ?? 0.9 })),
    { label: 'Kelengkapan', width: 1.4 },
  ])
  devices.forEach((device, index) =>
    table.row(
      [
        index + 1,
        device.alkes.name,
        [device.merk, device.model].filter(Boolean).join(' / '),
        device.serialNumber,
        ...states.map((state) => state.value(device)),
        device.accessories,
      ],
      { colors: [null, null, null, null, ...states.map((state) => state.color?.(device))] }
    )
  )
  table.end()
  const billable = devices.filter((device) => isBillable(device.status))
  const total = billable.reduce((sum, device) => sum + device.price, 0)
  writer.note(`Jumlah alat: ${billable.length} · Total tarif: ${formatRupiah(total)}`)
}
