import type Order from '#models/order'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { createDocument } from '#documents/kit/document'
import { facilityRows, loadForDocument } from '#documents/orders/order_document_data'
import { teamOf } from '#queries/insitu/teams'

/**
 * Surat Tugas of one lab's on-site team: who goes (leader first, with NIP and position), where,
 * on which dates, under which contract, signed by the lab's head.
 */
export async function assignmentLetter(order: Order, lab: ServiceLab) {
  const devices = await loadForDocument(order)
  await order.load('insitu')
  const team = await teamOf(order, lab)
  const label = LAB_LABELS[lab]
  const writer = createDocument({ title: `SURAT TUGAS ${label} ${order.number}` })
  writer
    .title('SURAT TUGAS', `Nomor: ST/${label.toUpperCase()}/${order.number}`)
    .paragraph(`Kepala Laboratorium ${label} menugaskan petugas berikut:`)
  const table = writer.table([
    { label: 'No', width: 0.4 },
    { label: 'Nama', width: 2.2 },
    { label: 'NIP', width: 1.6 },
    { label: 'Jabatan', width: 1.6 },
    { label: 'Peran', width: 1 },
  ])
  const people = [...(team.leader ? [team.leader] : []), ...team.members]
  people.forEach((person, index) =>
    table.row([
      index + 1,
      person.name,
      person.nip ?? '-',
      person.position ?? '-',
      person.is_leader ? 'Ketua Tim' : 'Anggota',
    ])
  )
  table.end()
  const count = devices.filter((device) => device.lab === lab && device.status !== 'BATAL UJI')
  writer
    .paragraph(
      `untuk melaksanakan kalibrasi dan pengujian ${count.length} alat kesehatan ` +
        `(permintaan ${order.number}) di:`
    )
    .keyValues([
      ...facilityRows(order),
      ['Kontrak', order.insitu.contractNumber ?? '-'],
      ...team.dates.map((row, index): [string, string] => [
        `Tanggal kegiatan ${team.dates.length > 1 ? index + 1 : ''}`.trim(),
        `${row.formatted} (${row.days} hari)`,
      ]),
    ])
    .paragraph('Demikian surat tugas ini dibuat untuk dilaksanakan dengan penuh tanggung jawab.')
    .signatures([{ role: `Kepala Laboratorium ${label},`, name: '..........................' }])
  return writer.end()
}
