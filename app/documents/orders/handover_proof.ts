import type Order from '#models/order'
import { createDocument } from '#documents/kit/document'
import { formatDateTime } from '#services/format'
import Certificate from '#models/certificate'
import { resultOf } from '#workflows/device_status'
import { deviceTable, facilityRows, loadForDocument } from '#documents/orders/order_document_data'

/** Bukti Serah Terima Alat: what went back to the facility, the checks, both signatures. */
export async function handoverProof(order: Order) {
  const devices = await loadForDocument(order)
  await order.load((loader) => loader.load('handover', (q) => q.preload('user')))
  const handover = order.handover
  const writer = createDocument({ title: `BUKTI SERAH TERIMA ALAT ${order.number}` })
  writer
    .title('BUKTI SERAH TERIMA ALAT', `Nomor: ${order.number}`)
    .keyValues([
      ...facilityRows(order),
      ['Waktu serah terima', formatDateTime(handover.createdAt)],
      [
        'Penerima',
        `${handover.contactPersonReceiverName} (${handover.contactPersonReceiverPhone})`,
      ],
    ])
  // Each line's result and certificate (issue 35, point 4): the approved revision in force,
  // else the number its worksheet gave an attached certificate; a failed device in red.
  const inForce = devices.length
    ? await Certificate.query()
        .whereIn(
          'order_device_id',
          devices.map((device) => device.id)
        )
        .where('status', 'Berlaku')
    : []
  const numbers = new Map(inForce.map((row) => [row.orderDeviceId, row.number]))
  const cancelled = (device: { status: string }) => device.status === 'BATAL UJI'
  deviceTable(writer, devices, [
    {
      label: 'Hasil',
      value: (device) => (cancelled(device) ? device.status : resultOf(device.isLaik)),
      color: (device) =>
        !cancelled(device) && resultOf(device.isLaik) === 'TIDAK LAIK' ? '#b91c1c' : null,
    },
    {
      label: 'No. Sertifikat',
      width: 1.4,
      value: (device) =>
        cancelled(device) ? null : (numbers.get(device.id) ?? device.certificateNumber),
    },
  ])
  writer
    .checklist('Pemeriksaan serah terima', [
      ['Alat diserahkan sesuai daftar', handover.alkesAccordingly],
      ['Sertifikat/hasil diserahkan', handover.certificateHandedover],
      ['Alat telah diperiksa penerima', handover.alkesChecked],
      ['Terdapat alat batal uji', handover.cancelTest],
    ])
    .signatures(
      [
        { role: 'Yang menyerahkan,', name: handover.user?.name ?? '..........................' },
        { role: 'Yang menerima,', name: handover.contactPersonReceiverName },
      ],
      handover.createdAt
    )
  return writer.end()
}
