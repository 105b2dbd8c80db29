import type Order from '#models/order'
import { describeRule } from '#shared/decision_rules'
import { decisionOf } from '#queries/orders/decision_rule'
import { createDocument } from '#documents/kit/document'
import { pricedTable } from '#documents/kit/priced_table'
import { offeringOf } from '#queries/insitu/offering'

/**
 * Surat Penawaran of an on-site order: per lab its request lines and accommodation, the lab's
 * total, the grand total in figures and words (offeringOf: the same figures as its page), and
 * the facility's approval once it is signed.
 */
export async function offeringLetter(order: Order) {
  const offering = await offeringOf(order)
  const writer = createDocument({ title: `SURAT PENAWARAN ${offering.number}` })
  writer
    .title('SURAT PENAWARAN', `Nomor: ${offering.number}`)
    .keyValues([
      ['Kepada', offering.fasyankes],
      ['Alamat', offering.address],
      ['Perihal', `Penawaran kalibrasi dan pengujian insitu tahun ${offering.execution_year}`],
      ['Surat permohonan', `${offering.letter_number}, ${offering.formatted_letter_date}`],
    ])
    .paragraph(
      'Menindaklanjuti surat permohonan di atas, bersama ini kami sampaikan penawaran biaya ' +
        'kalibrasi dan pengujian alat kesehatan yang dikerjakan di fasilitas Saudara, dengan ' +
        'rincian sebagai berikut.'
    )
  for (const lab of offering.labs) {
    writer.heading(`Laboratorium ${lab.label}`)
    pricedTable(
      writer,
      lab.items.map((item) => ({
        ...item,
        description: item.name,
        formatted_amount: item.formatted_subtotal,
      })),
      [
        ...lab.costs.map((cost): [string, string] => [
          `Akomodasi: ${cost.label}`,
          cost.formatted_amount,
        ]),
        [`Total ${lab.label}`, lab.formatted_total],
      ]
    )
  }
  writer
    .keyValues([
      ['Total penawaran', offering.formatted_total],
      ['Terbilang', offering.total_in_words],
    ])
    .paragraph(
      // ILAC-G8 and ISO/IEC 17025 7.1.3: the rule conformity will be stated by, agreed here.
      `${describeRule(decisionOf(order))} Kesesuaian dinilai atas nilai yang dilaporkan ` +
        'beserta ketidakpastiannya.'
    )
    .paragraph(
      'Apabila penawaran ini disetujui, mohon surat ini ditandatangani dan dikirim kembali ' +
        'kepada kami sebagai dasar pelaksanaan pekerjaan.'
    )
  const signer = offering.signature
  writer.signatures([
    { role: 'Hormat kami,', name: 'Kepala Laboratorium' },
    {
      role: 'Menyetujui,',
      name: signer?.name ?? '..........................',
      detail: signer ? `${signer.position} · NIP ${signer.nip}` : undefined,
    },
  ])
  return writer.end()
}
