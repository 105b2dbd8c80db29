import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Order from '#models/order'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { withStagedFiles } from '#files/staged_files'
import { recordFile } from '#files/order_files'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

type Step = 'confirm' | 'cancel' | 'send_offering' | 'sign' | 'contract' | 'finalize'

/**
 * Takes one step of an on-site order: who may and from where is the workflow's call; the order
 * moves only from the status the user saw, writes its own columns (`columns`, on
 * insitu_orders) and is audited with what it noted, all in one transaction. `extra` runs inside
 * it (a file to record).
 */
async function takeStep(
  actor: StaffActor,
  order: Order,
  step: Step,
  columns: Record<string, unknown> = {},
  noted: Record<string, unknown> = {},
  extra?: (trx: TransactionClientContract) => Promise<unknown>
) {
  await insituWorkflow.take(step, order, actor.user, async (trx) => {
    const moved = await moveOrder(trx, order, step)
    if (Object.keys(columns).length) {
      await trx.from('insitu_orders').where('order_id', order.id).update(columns)
    }
    await extra?.(trx)
    const to = { status: moved.to, ...noted }
    await auditOrder(actor, order, step, { moved, from: { status: moved.from }, to }, trx)
  })
}

const now = () => DateTime.utc().toSQL({ includeOffset: false })
const isoDate = (date: Date) => DateTime.fromJSDate(date).toISODate()

/** The lab takes the request (TERKIRIM to DITERIMA). */
export function confirmInsituOrder(actor: StaffActor, order: Order) {
  return takeStep(actor, order, 'confirm')
}

/** Cancels an order that is not done, with its reason (DIBATALKAN). */
export function cancelInsituOrder(actor: StaffActor, order: Order, reason: string) {
  return takeStep(actor, order, 'cancel', { cancel_reason: reason }, { reason })
}

/** yantek sends the offering letter to the facility (MENUNGGU PERSETUJUAN). */
export function sendOffering(actor: StaffActor, order: Order) {
  return takeStep(actor, order, 'send_offering', { offering_sent_at: now() })
}

/** The facility approves the offering, naming who signs it (PENAWARAN DISETUJUI). */
export function signOffering(
  actor: StaffActor,
  order: Order,
  signer: { signature_name: string; signature_nip: string; signature_position: string }
) {
  return takeStep(actor, order, 'sign', { ...signer, signed_at: now() }, signer)
}

/**
 * yantek uploads the approved letter with the contract's number and date (DALAM PROSES). The
 * form requires the file; the demo data records contracts without one.
 */
export async function uploadContract(
  actor: StaffActor,
  order: Order,
  contract: { number: string; date: Date; file?: MultipartFile }
) {
  insituWorkflow.assert('contract', order, actor.user)
  const date = isoDate(contract.date)
  return withStagedFiles(async (files) => {
    const stored = contract.file ? await files.upload(contract.file, 'contracts') : null
    return takeStep(
      actor,
      order,
      'contract',
      { contract_number: contract.number, contract_date: date },
      { contract_number: contract.number, contract_date: date },
      async (trx) => {
        if (stored)
          await recordFile(trx, { order, kind: 'contract', userId: actor.user.id }, { stored })
      }
    )
  })
}

/** yantek closes the work, with an optional note (SELESAI). */
export function finalizeInsituOrder(actor: StaffActor, order: Order, notes?: string) {
  return takeStep(actor, order, 'finalize', { finalization_notes: notes ?? null }, { notes })
}
