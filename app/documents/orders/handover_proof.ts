import type Order from '#models/order'
import { createDocument } from '#documents/kit/document'
import { formatDateTime } from '#services/format'
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
  deviceTable(writer, devices, { label: 'Status', value: (device) => device.status })
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
