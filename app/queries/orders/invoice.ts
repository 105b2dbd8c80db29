import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import { formatDate, dateFromDatabase } from '#services/format'
import { isoDate } from '#services/holidays'

const STAGE_NAMES = ['Tagihan 1', 'Tagihan 2', 'Tagihan 3']

/**
 * An order's invoice stages as issued: each stage's date and letter number (null while not
 * issued), whether it is issued, whether a draft of its letter may be printed (not issued yet:
 * stage 1 always, a later one once the earlier date is set), the stage reached, and the
 * payment's confirmation.
 */
export async function invoiceStagesOf(order: Order, client: QueryClientContract = db.connection()) {
  const rows = await client.from('invoices').where('order_id', order.id).orderBy('stage')
  const byStage = new Map(rows.map((row) => [Number(row.stage), row]))
  const stages = [1, 2, 3].map((stage) => {
    const row = byStage.get(stage)
    return {
      stage,
      name: STAGE_NAMES[stage - 1],
      date: row ? isoDate(row.invoice_date) : null,
      formatted_date: row ? formatDate(dateFromDatabase(row.invoice_date)) : null,
      letter_number: (row?.letter_number as string | null) ?? null,
    }
  })
  return {
    stages: stages.map((stage, index) => ({
      ...stage,
      issued: stage.date !== null,
      draftable: stage.date === null && (index === 0 || stages[index - 1].date !== null),
    })),
    stage: order.invoiceStage,
    payment_confirm_date: order.paymentConfirmDate?.toISODate() ?? null,
    formatted_payment_confirm_date: order.paymentConfirmDate
      ? formatDate(order.paymentConfirmDate)
      : null,
  }
}

/** Whether the treasurer has issued this stage (its date set). */
export async function stageIssued(order: Order, stage: number) {
  const row = await db.from('invoices').where('order_id', order.id).where('stage', stage).first()
  return !!row
}

/** Why the letter of a stage cannot be printed yet, or null. */
export async function stageLetterMissing(order: Order, stage: number) {
  if (stage === 1) return null
  const earlier = await db
    .from('invoices')
    .where('order_id', order.id)
    .where('stage', stage - 1)
    .first()
  return earlier
    ? null
    : `Surat ${STAGE_NAMES[stage - 1]} tersedia setelah Tanggal ${STAGE_NAMES[stage - 2]} diisi.`
}
