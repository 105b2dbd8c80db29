import { createDocument, type DocumentWriter } from '#documents/kit/document'
import type { LoanView } from '#queries/lending/loan_detail'

/** The slips of a calibrator loan (spec part 1: print/order and print/transaction). */
export const LOAN_SLIPS = ['order', 'transaction'] as const
export type LoanSlip = (typeof LOAN_SLIPS)[number]

const orderNumbers = (orders: { number: string; fasyankes_name: string }[]) =>
  orders.length
    ? orders.map((order) => `${order.number} (${order.fasyankes_name})`).join('; ')
    : '-'

function loanHeader(writer: DocumentWriter, title: string, loan: LoanView) {
  writer
    .title(title, `Nomor: ${loan.number}`)
    .keyValues([
      ['Peminjam', loan.borrower.name],
      ['Tanggal pengajuan', loan.formatted_created_at],
      ['Keperluan', loan.loan_description ?? '-'],
      ['Catatan', loan.notes ?? '-'],
      ['Rencana tanggal kembali', loan.formatted_planned_return_date],
      ...loan.linked_orders.map(({ label, orders }): [string, string] => [
        label,
        orderNumbers(orders),
      ]),
      ['Status', loan.formatted_status],
    ])
}

type LoanLine = LoanView['lines'][number]

/** The loan's calibrators as a numbered table of the given columns: label, width, cell. */
function linesTable(
  writer: DocumentWriter,
  loan: LoanView,
  columns: [label: string, width: number, cell: (line: LoanLine) => string][]
) {
  const table = writer.table([
    { label: 'No', width: 0.4 },
    ...columns.map(([label, width]) => ({ label, width })),
  ])
  loan.lines.forEach((line, index) =>
    table.row([index + 1, ...columns.map(([, , cell]) => cell(line))])
  )
  table.end()
}

/** Surat Peminjaman: what is borrowed, with condition and accessories, and who approves. */
function orderSlip(writer: DocumentWriter, loan: LoanView) {
  loanHeader(writer, 'SURAT PEMINJAMAN KALIBRATOR', loan)
  linesTable(writer, loan, [
    ['Kalibrator', 2, (line) => line.name],
    ['Merk / Model', 1.5, (line) => [line.merk, line.type_model].filter(Boolean).join(' / ')],
    ['No. Seri', 1.2, (line) => line.serial_number],
    ['Unit', 0.7, (line) => line.unit],
    ['Kondisi', 0.8, (line) => line.condition],
    ['Kelengkapan', 1.6, (line) => line.accessories.join(', ') || '-'],
    ['Catatan', 1.2, (line) => line.description ?? '-'],
  ])
  writer.signatures([
    {
      role: 'Peminjam,',
      name: loan.borrower.name,
      detail: loan.borrower.nip ? `NIP ${loan.borrower.nip}` : undefined,
    },
    ...loan.labs.map((lab) => ({
      role: `Kepala Lab. ${lab.label} (${lab.formatted_status}),`,
      name: lab.officer?.name ?? '..........................',
      detail: lab.officer?.nip ? `NIP ${lab.officer.nip}` : undefined,
    })),
  ])
}

/** Bukti Transaksi: each calibrator out and back, with the condition it came back in. */
function transactionSlip(writer: DocumentWriter, loan: LoanView) {
  loanHeader(writer, 'BUKTI TRANSAKSI PEMINJAMAN KALIBRATOR', loan)
  linesTable(writer, loan, [
    ['Kalibrator', 2, (line) => line.name],
    ['No. Seri', 1.2, (line) => line.serial_number],
    ['Kondisi Pinjam', 0.9, (line) => line.condition],
    ['Tanggal Kembali', 1.4, (line) => line.formatted_return_date ?? 'Belum dikembalikan'],
    ['Kondisi Kembali', 0.9, (line) => line.returned_condition ?? '-'],
    ['Keterangan', 1, (line) => (line.overdue ? 'Terlambat' : '-')],
  ])
  const returned = loan.lines.filter((line) => line.return_date).length
  writer.paragraph(`${returned} dari ${loan.lines.length} kalibrator sudah dikembalikan.`)
  writer.signatures([
    { role: 'Peminjam,', name: loan.borrower.name },
    { role: 'Petugas yang menerima,', name: '..........................' },
  ])
}

const SLIP_TITLES: Record<LoanSlip, string> = {
  order: 'SURAT PEMINJAMAN KALIBRATOR',
  transaction: 'BUKTI TRANSAKSI PEMINJAMAN',
}
const DRAW: Record<LoanSlip, (writer: DocumentWriter, loan: LoanView) => void> = {
  order: orderSlip,
  transaction: transactionSlip,
}

export function loanSlip(slip: LoanSlip, loan: LoanView) {
  const writer = createDocument({ title: `${SLIP_TITLES[slip]} ${loan.number}` })
  DRAW[slip](writer, loan)
  return writer.end()
}

/**
 * The slips of several loans in one document, a loan a page (the loan list's print pages, with
 * its filters: spec part 1). None: a page saying no loan matches.
 */
export function loanSlips(slip: LoanSlip, loans: LoanView[], filters: string) {
  const writer = createDocument({ title: `${SLIP_TITLES[slip]} (${loans.length} peminjaman)` })
  if (!loans.length) {
    writer.title(SLIP_TITLES[slip], filters).paragraph('Tidak ada peminjaman yang sesuai filter.')
  }
  loans.forEach((loan, index) => {
    if (index > 0) writer.newPage()
    DRAW[slip](writer, loan)
  })
  return writer.end()
}
