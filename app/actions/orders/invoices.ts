import { DateTime } from 'luxon'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import { refuseFields } from '#services/field_errors'
import { databaseNow } from '#services/database_time'
import { formatDate } from '#services/format'
import type { StoredFile } from '#files/file_store'
import { withStagedFiles } from '#files/staged_files'
import { fileReference, recordFile } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { invoiceStagesOf } from '#queries/orders/invoice'
import { refreshBillingState } from '#actions/orders/billing_state'

export const STAGE_FIELDS = ['first_date', 'second_date', 'third_date'] as const
const STAGE_LABELS = ['Tanggal Tagihan 1', 'Tanggal Tagihan 2', 'Tanggal Tagihan 3']

/** The three stages' dates (YYYY-MM-DD), null where a stage is not issued. */
export type StageDates = [string | null, string | null, string | null]

/**
 * The invoice stage rules (spec part 2: up to three invoices, a later one only once the
 * earlier date is filled): the field errors of the given dates, empty when they hold.
 */
export function stageErrors(dates: StageDates): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!dates[0]) errors.first_date = `${STAGE_LABELS[0]} wajib diisi.`
  for (let stage = 1; stage < dates.length; stage++) {
    const date = dates[stage]
    const earlier = dates[stage - 1]
    if (!date) continue
    if (!earlier) {
      errors[STAGE_FIELDS[stage]] =
        `${STAGE_LABELS[stage]} hanya dapat diisi setelah ${STAGE_LABELS[stage - 1]} diisi.`
    } else if (date < earlier) {
      errors[STAGE_FIELDS[stage]] =
        `${STAGE_LABELS[stage]} tidak boleh sebelum ${STAGE_LABELS[stage - 1]}.`
    }
  }
  return errors
}

/** The stage an order has reached: the last one whose date is set (0: none yet). */
export function stageOf(dates: StageDates) {
  return dates.reduce((stage, date, index) => (date ? index + 1 : stage), 0)
}

/** The stages as issued, read inside the action's transaction. */
async function issuedStages(trx: TransactionClientContract, order: Order) {
  const { stages } = await invoiceStagesOf(order, trx)
  return {
    dates: stages.map((stage) => stage.date) as StageDates,
    numbers: stages.map((stage) => stage.letter_number),
  }
}

/** A validated date (local midnight) as YYYY-MM-DD. */
const day = (date: Date | undefined) => (date ? DateTime.fromJSDate(date).toISODate()! : null)

/**
 * The treasurer issues (or corrects) the invoice stages: their dates, the letter number of the
 * latest stage and its signed letter. A stage left empty is withdrawn, only when no later one
 * stands. Refused once the payment is confirmed.
 */
export async function updateInvoice(
  actor: StaffActor,
  order: Order,
  input: {
    first_date?: Date
    second_date?: Date
    third_date?: Date
    number: string
    file?: MultipartFile
  }
) {
  const workflow = workflowOf(order)
  workflow.assert('invoice_update', order, actor.user)
  const dates: StageDates = [day(input.first_date), day(input.second_date), day(input.third_date)]
  const errors = stageErrors(dates)
  if (Object.keys(errors).length) refuseFields(errors)
  const stage = stageOf(dates)
  await withStagedFiles(async (files) => {
    const stored = input.file ? await files.upload(input.file, `invoices/${order.id}`) : null
    await workflow.take('invoice_update', order, actor.user, async (trx) => {
      const before = await issuedStages(trx, order)
      const now = databaseNow(trx)
      for (let index = 0; index < 3; index++) {
        const where = { order_id: order.id, stage: index + 1 }
        const date = dates[index]
        const letterNumber = index + 1 === stage ? input.number : before.numbers[index]
        if (!date) {
          await trx.from('invoices').where(where).delete()
        } else if (before.dates[index]) {
          await trx
            .from('invoices')
            .where(where)
            .update({ invoice_date: date, letter_number: letterNumber, updated_at: now })
        } else {
          await trx.table('invoices').insert({
            ...where,
            invoice_date: date,
            letter_number: letterNumber,
            created_at: now,
            updated_at: now,
          })
        }
      }
      await trx.from('orders').where('id', order.id).update({ invoice_stage: stage })
      order.invoiceStage = stage
      await refreshBillingState(trx, order)
      const letter = stored
        ? await recordFile(
            trx,
            { order, kind: 'invoice_letter', userId: actor.user.id },
            { stored }
          )
        : null
      await auditOrder(
        actor,
        order,
        'invoice_update',
        {
          from: { dates: before.dates, number: before.numbers[stage - 1] ?? null },
          to: {
            dates,
            stage,
            number: input.number,
            ...(letter ? { file: fileReference(letter.file) } : {}),
          },
        },
        trx
      )
    })
  })
}

/** The facility uploads its payment proofs (several files), once an invoice is issued. */
export async function uploadPaymentProofs(actor: StaffActor, order: Order, files: MultipartFile[]) {
  const workflow = workflowOf(order)
  workflow.assert('invoice_payment', order, actor.user)
  await withStagedFiles(async (staged) => {
    const stored: StoredFile[] = []
    for (const file of files) stored.push(await staged.upload(file, `payments/${order.id}`))
    await workflow.take('invoice_payment', order, actor.user, async (trx) => {
      for (const proof of stored) {
        await recordFile(
          trx,
          { order, kind: 'payment_proof', userId: actor.user.id },
          { stored: proof }
        )
      }
      await refreshBillingState(trx, order)
      const keys = stored.map((proof) => proof.key)
      await auditOrder(actor, order, 'invoice_payment', { to: { files: keys } }, trx)
    })
  })
}

/** The treasurer confirms the payment with the day it was received. */
export async function confirmPayment(actor: StaffActor, order: Order, date: Date) {
  const confirmed = day(date)!
  await workflowOf(order).take('invoice_confirm', order, actor.user, async (trx) => {
    const { dates } = await issuedStages(trx, order)
    if (dates[0] && confirmed < dates[0]) {
      refuseFields({
        date: `Tanggal Konfirmasi Pembayaran tidak boleh sebelum ${STAGE_LABELS[0]} (${formatDate(dates[0])}).`,
      })
    }
    await trx
      .from('orders')
      .where('id', order.id)
      .whereNull('payment_confirm_date')
      .update({ payment_confirm_date: confirmed })
    await refreshBillingState(trx, order)
    await auditOrder(
      actor,
      order,
      'invoice_confirm',
      { to: { payment_confirm_date: confirmed } },
      trx
    )
  })
}
