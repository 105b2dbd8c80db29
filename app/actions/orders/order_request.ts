import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import OrderDevice from '#models/order_device'
import type User from '#models/user'
import ForbiddenException from '#exceptions/forbidden_exception'
import { nextOrderNumber } from '#services/order_number'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { StoredFile } from '#files/file_store'
import { withStagedFiles } from '#files/staged_files'
import { recordFile, removeFilesAfterCommit } from '#files/order_files'
import {
  addDeviceLines,
  linesChanged,
  refuseOversizedOrder,
  type DeviceLineInput,
} from '#actions/orders/device_lines'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { agreedRule } from '#queries/orders/decision_rule'

/**
 * The request part every order type shares: the `orders` row, the application letter and
 * the requested device lines. Each type's own submit action adds its details.
 */

/** The facility a request is for: a facility user's own, otherwise the one staff chose. */
export function requestingFacility(user: User, requested?: number) {
  if (user.isFacility) return user.fasyankesId!
  if (!requested) throw new ForbiddenException('Pilih fasyankes pemohon.')
  return requested
}

async function recordLetter(
  trx: TransactionClientContract,
  actor: StaffActor,
  order: Order,
  letter: StoredFile | null
) {
  if (!letter) return
  await recordFile(
    trx,
    { order, kind: 'application_letter', userId: actor.user.id },
    { stored: letter }
  )
}

/**
 * A new numbered order of the type, in its first status, with its letter and device lines,
 * in one transaction (the letter is stored first, and removed again unless that commits:
 * files/staged_files.ts). `details` writes the type's own row first:
 * what the type derives from the lines reads it. The audit entry holds the number, status and
 * device count, and what the type adds (`audited`).
 */
export async function createRequest(
  actor: StaffActor,
  request: { type: Order['type']; code: string; status: string; fasyankesId: number },
  input: { letter?: MultipartFile; lines: DeviceLineInput[]; audited: Record<string, unknown> },
  details: (order: Order, trx: TransactionClientContract) => Promise<unknown>
) {
  refuseOversizedOrder(input.lines)
  return withStagedFiles(async (files) => {
    const letter = input.letter ? await files.upload(input.letter, 'letters') : null
    const number = await nextOrderNumber(request.code)
    const agreed = agreedRule()
    return db.transaction(async (trx) => {
      const order = new Order()
      order.useTransaction(trx)
      order.merge({
        type: request.type,
        number,
        status: request.status,
        userId: actor.user.id,
        fasyankesId: request.fasyankesId,
        // The lab's decision rule, shown on the form the facility submitted: agreed with it.
        decisionRule: agreed.rule,
        guardFactor: agreed.guardFactor,
      })
      await order.save()
      await details(order, trx)
      await recordLetter(trx, actor, order, letter)
      const devices = await addDeviceLines(trx, order, input.lines)
      await linesChanged(trx, order)
      const to = {
        number: order.number,
        status: order.status,
        devices: devices.length,
        decision_rule: order.decisionRule,
      }
      await auditOrder(actor, order, 'create', { to: { ...to, ...input.audited } }, trx)
      return order
    })
  })
}

/**
 * An edited request: the facility (staff may change it), a new letter if one came, and the
 * device lines replaced by the new ones. Returns the new lines.
 */
export async function replaceRequest(
  trx: TransactionClientContract,
  actor: StaffActor,
  order: Order,
  fasyankesId: number | undefined,
  letter: StoredFile | null,
  lines: DeviceLineInput[]
) {
  if (!actor.user.isFacility && fasyankesId) {
    await trx.from('orders').where('id', order.id).update({ fasyankes_id: fasyankesId })
    order.fasyankesId = fasyankesId
  }
  await recordLetter(trx, actor, order, letter)
  // The old lines' files (their rows cascade with them) go once this commits.
  await removeFilesAfterCommit(trx, order.id, await lineIds(trx, order))
  await OrderDevice.query({ client: trx }).where('order_id', order.id).delete()
  const devices = await addDeviceLines(trx, order, lines)
  await linesChanged(trx, order)
  return devices
}

async function lineIds(trx: TransactionClientContract, order: Order) {
  const rows: { id: number }[] = await trx
    .from('order_devices')
    .where('order_id', order.id)
    .select('id')
  return rows.map((row) => row.id)
}
