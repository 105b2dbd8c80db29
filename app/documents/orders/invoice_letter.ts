import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { rolesWith } from '#enums/permissions'
import lab from '#config/lab'
import { createDocument, type DocumentWriter } from '#documents/kit/document'
import { pricedTable } from '#documents/kit/priced_table'
import { FONTS } from '#documents/kit/fonts'
import { billOf } from '#queries/orders/bill'
import { invoiceStagesOf } from '#queries/orders/invoice'

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
 * Surat Tagihan of one stage (1, 2 or 3) of an order of any type: its number and date as the
 * treasurer issued them, the facility, the billed lines (cancelled tests excluded), the total in
 * figures and words, how to pay, and the signature block. A stage not issued yet (only the
 * treasurer may ask for it) is a draft: marked DRAF across every page and in its title, with
 * blanks where the number and the date go, so it can never pass for an issued letter.
 */
export async function invoiceLetter(order: Order, stage: number) {
  await order.load('fasyankes')
  const { stages } = await invoiceStagesOf(order)
  const issued = stages[stage - 1]
  const draft = !issued.issued
  const writer = createDocument({
    title: `${draft ? 'DRAF ' : ''}SURAT TAGIHAN ${stage} ${order.number}`,
  })
  if (draft) markAsDraft(writer)
  writer
    .title(
      draft ? `DRAF SURAT TAGIHAN ${stage}` : `SURAT TAGIHAN ${stage}`,
      `Nomor: ${issued.letter_number ?? BLANK}`
    )
    .keyValues([
      ['Kepada', order.fasyankes.fasyankesName],
      ['Alamat', order.fasyankes.address ?? '-'],
      ['Nomor permintaan', order.number],
      ['Perihal', `Tagihan ke-${stage} biaya kalibrasi dan pengujian alat kesehatan`],
    ])
  if (draft) {
    writer.paragraph(
      `Draf: Tagihan ${stage} belum diterbitkan. Surat ini belum bernomor dan belum bertanggal, ` +
        'tidak berlaku sebagai tagihan.'
    )
  }
  writer.paragraph(
    'Dengan hormat, bersama ini kami sampaikan tagihan biaya layanan kalibrasi dan pengujian ' +
      'alat kesehatan yang telah kami kerjakan, dengan rincian sebagai berikut.'
  )
  await writeBill(writer, order)
  writer.heading('Cara pembayaran').paragraph(lab.paymentInstructions)
  const signer = await treasurer()
  writer.signatures(
    [
      {
        role: 'Bendahara Penerimaan,',
        name: signer?.name ?? '..........................',
        detail: signer?.nip ? `NIP. ${signer.nip}` : undefined,
      },
    ],
    issued.date
  )
  return writer.end()
}

const BLANK = '.....................'

/**
 * Who signs the letter: the lab's treasurer (the staff account that issues invoices; the
 * first made when there are several), with the NIP printed under the name.
 */
async function treasurer(): Promise<{ name: string; nip: string | null } | null> {
  const row = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .whereIn('r.role', [...rolesWith('invoice.manage')])
    .whereNull('u.fasyankes_id')
    .orderBy('u.id')
    .select('u.name', 'u.nip')
    .first()
  return row ? { name: row.name as string, nip: (row.nip as string | null) ?? null } : null
}

/** "DRAF" in large light letters across this page and every page after it, under the text. */
function markAsDraft(writer: DocumentWriter) {
  const { pdf } = writer
  const stamp = () => {
    const { x, y } = pdf
    const { width, height } = pdf.page
    pdf
      .save()
      .rotate(-35, { origin: [width / 2, height / 2] })
      .font(FONTS.bold.name)
      .fontSize(120)
      .fillColor('#cbd5e1')
      .text('DRAF', 0, height / 2 - 60, { width, align: 'center', lineBreak: false })
      .restore()
    pdf.fillColor('black').font(FONTS.regular.name).fontSize(10)
    pdf.x = x
    pdf.y = y
  }
  stamp()
  pdf.on('pageAdded', stamp)
}
