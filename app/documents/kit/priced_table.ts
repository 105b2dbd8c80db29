import type { DocumentWriter } from '#documents/kit/document'

export interface PricedLine {
  description: string
  quantity: number
  formatted_price: string
  formatted_amount: string
}

/**
 * The table of a letter that bills or offers: number, description, quantity, unit price and
 * amount for each line, then closing rows that carry only a label and an amount (costs, totals).
 */
export function pricedTable(
  writer: DocumentWriter,
  lines: PricedLine[],
  closing: [label: string, amount: string][]
) {
  const table = writer.table([
    { label: 'No', width: 0.4 },
    { label: 'Uraian', width: 3.2 },
    { label: 'Jumlah', width: 0.7, align: 'right' },
    { label: 'Tarif', width: 1.3, align: 'right' },
    { label: 'Biaya', width: 1.4, align: 'right' },
  ])
  lines.forEach((line, index) =>
    table.row([
      index + 1,
      line.description,
      line.quantity,
      line.formatted_price,
      line.formatted_amount,
    ])
  )
  for (const [label, amount] of closing) table.row(['', label, '', '', amount])
  table.end()
}
