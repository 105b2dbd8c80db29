import type Order from '#models/order'
import { createDocument } from '#documents/kit/document'
import { writeBill } from '#documents/orders/invoice_letter'
import { invoiceStagesOf } from '#queries/orders/invoice'
import { formatDate, labNow } from '#services/format'

/**
 * Bukti Tagihan of an incoming-equipment order, for the treasurer: the order, the billed lines
 * as they stand, the invoice stages issued, dated with its last refresh ("refresh file and
 * date" by admin_pk or yantek; today until the first).
 */
export async function proofOfInvoice(order: Order) {
  await order.load('fasyankes')
  await order.load('internal')
  const { stages, formatted_payment_confirm_date: paid } = await invoiceStagesOf(order)
  const date = order.internal.proofOfInvoiceDate ?? labNow()
  const writer = createDocument({ title: `BUKTI TAGIHAN ${order.number}` })
  writer
    .title('BUKTI TAGIHAN', `Nomor permintaan: ${order.number}`)
    .keyValues([
      ['Fasyankes', order.fasyankes.fasyankesName],
      ['Alamat', order.fasyankes.address ?? '-'],
      ['Tanggal bukti', formatDate(date)],
      ...stages
        .filter((stage) => stage.date)
        .map((stage): [string, string] => [
          stage.name,
          `${stage.formatted_date}${stage.letter_number ? `, nomor ${stage.letter_number}` : ''}`,
        ]),
      ['Pembayaran dikonfirmasi', paid ?? 'belum'],
    ])
  await writeBill(writer, order)
  writer.signatures(
    [
      { role: 'Yang menyerahkan,', name: 'Admin Pelayanan Teknis' },
      { role: 'Yang menerima,', name: 'Bendahara Penerimaan' },
    ],
    date
  )
  return writer.end()
}
