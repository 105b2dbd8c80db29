import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type InternalOrder from '#models/internal_order'
import type User from '#models/user'
import ActionRefusedException from '#exceptions/action_refused_exception'
import {
  canTake,
  nextStatus,
  type InternalAction,
  type InternalStatus,
} from '#workflows/internal_order_workflow'

const ACTION_LABELS: Record<InternalAction, string> = {
  approve: 'menerima permintaan',
  reject: 'menolak permintaan',
  edit: 'mengubah permintaan',
  resubmit: 'mengajukan ulang permintaan',
  delete: 'menghapus permintaan',
  delete_rejected: 'menghapus permintaan',
  append: 'menambah permintaan',
  delete_device: 'menghapus alat',
  receive: 'menerima alat',
  assign_officers: 'memilih petugas',
  cancel_device: 'membatalkan uji alat',
  worksheet: 'mengisi lembar kerja',
  handover: 'menyerahkan alat',
  feedback: 'mengisi umpan balik',
}

/** Refuses, with a clear message, an action the status table does not give this user now. */
export function assertCanTake(action: InternalAction, order: InternalOrder, user: User) {
  if (!canTake(action, order.status, user.roles)) {
    throw new ActionRefusedException(
      `Anda tidak dapat ${ACTION_LABELS[action]} ${order.number} pada status ${order.status}.`
    )
  }
}

/**
 * Moves the order to the action's next status only if it is still in the
 * status the user saw: of two people acting at once, exactly one wins and the
 * other is told the order changed.
 */
export async function moveStatus(
  trx: TransactionClientContract,
  order: InternalOrder,
  action: InternalAction
) {
  const from: InternalStatus = order.status
  const to = nextStatus(action, from)
  const affected = await trx
    .from('internal_orders')
    .where('id', order.id)
    .where('status', from)
    .update({ status: to, updated_at: DateTime.utc().toSQL({ includeOffset: false }) })
  const count = Array.isArray(affected) ? Number(affected[0] ?? 0) : Number(affected)
  if (count !== 1) throw changedByOthers(order)
  order.status = to
  return { from, to }
}

export function changedByOthers(order: InternalOrder) {
  return new ActionRefusedException(
    `Status permintaan ${order.number} sudah diubah oleh pengguna lain. Muat ulang halaman lalu periksa kembali.`
  )
}
