import type Order from '#models/order'
import lab from '#config/lab'
import { createDocument, type DocumentWriter } from '#documents/kit/document'
import { pricedTable } from '#documents/kit/priced_table'
import { billOf } from '#queries/orders/bill'
import { invoiceStagesOf } from '#queries/orders/invoice'
import { labNow } from '#services/format'

/** The bill as a table: each service line, then the total in figures and in words. */
export async function writeBill(writer: DocumentWriter, order: Order) {
  const bill = await billOf(order)
  pricedTable(writer, bill.lines, [['Total', bill.formatted_total]])
  writer.keyValues([
    ['Total tagihan', bill.formatted_total],
    ['Terbilang', bill.total_in_words],
  ])
  return bill
}

/**
 * Surat Tagihan of one stage (1, 2 or 3) of an order of either type: its number and date as the
 * treasurer issued them, the facility, the billed lines (cancelled tests excluded), the total in
 * figures and words, how to pay, and the signature block.
 */
export async function invoiceLetter(order: Order, stage: number) {
  await order.load('fasyankes')
  const { stages } = await invoiceStagesOf(order)
  const issued = stages[stage - 1]
  const writer = createDocument({ title: `SURAT TAGIHAN ${stage} ${order.number}` })
  writer
    .title(`SURAT TAGIHAN ${stage}`, `Nomor: ${issued.letter_number ?? '.....................'}`)
    .keyValues([
      ['Kepada', order.fasyankes.fasyankesName],
      ['Alamat', order.fasyankes.address ?? '-'],
      ['Nomor permintaan', order.number],
      ['Perihal', `Tagihan ke-${stage} biaya kalibrasi dan pengujian alat kesehatan`],
    ])
    .paragraph(
      'Dengan hormat, bersama ini kami sampaikan tagihan biaya layanan kalibrasi dan pengujian ' +
        'alat kesehatan yang telah kami kerjakan, dengan rincian sebagai berikut.'
    )
  await writeBill(writer, order)
  writer.heading('Cara pembayaran').paragraph(lab.paymentInstructions)
  writer.signatures(
    [{ role: 'Bendahara Penerimaan,', name: '..........................' }],
    issued.date ?? labNow()
  )
  return writer.end()
}
