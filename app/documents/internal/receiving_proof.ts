import type Order from '#models/order'
import { createDocument } from '#documents/kit/document'
import { formatDate } from '#services/format'
import string from '@adonisjs/core/helpers/string'
import { RECEIVE_CHECKLIST } from '#enums/receive_checklist'
import { deviceTable, facilityRows, loadForDocument } from '#documents/orders/order_document_data'

/** Bukti Penerimaan Alat: what the lab received, the review checklist, both signatures. */
export async function receivingProof(order: Order) {
  const devices = await loadForDocument(order)
  await order.load((loader) => loader.load('internal').load('receive', (q) => q.preload('checker')))
  const receive = order.receive
  const writer = createDocument({ title: `BUKTI PENERIMAAN ALAT ${order.number}` })
  writer
    .title('BUKTI PENERIMAAN ALAT', `Nomor: ${order.number}`)
    .keyValues([
      ...facilityRows(order),
      ['Tanggal diterima', formatDate(receive.receivedDate)],
      ['Estimasi selesai', formatDate(receive.doneEstimationDate)],
      ['Jenis layanan', order.internal.serviceType],
      ['Pengiriman', order.internal.deliveryOption],
    ])
  deviceTable(writer, devices, { label: 'Fungsi', value: (device) => device.functionality })
  writer
    .checklist(
      'Kaji ulang permintaan',
      Object.entries(RECEIVE_CHECKLIST).map(([key, label]) => [
        label,
        receive[string.camelCase(key) as keyof typeof receive] === true,
      ])
    )
    .signatures(
      [
        { role: 'Yang menyerahkan,', name: receive.contactPersonName },
        { role: 'Yang menerima,', name: receive.checker?.name ?? '..........................' },
      ],
      receive.receivedDate.toISODate()!
    )
  return writer.end()
}
