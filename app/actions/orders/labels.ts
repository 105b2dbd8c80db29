import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type { LabelStatus } from '#models/label_request'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { refuseFields } from '#services/field_errors'
import { databaseNow } from '#services/database_time'
import { newLabelCode } from '#services/label_codes'
import { withStagedFiles } from '#files/staged_files'
import { fileReference, recordFile } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { LABEL_TYPE_NAMES, labelRequestOf, type LabelLine } from '#queries/orders/labels'
import { insertedId } from '#services/query_results'

type Quantities = { label_id: number; quantity: number }[]

/** Re-reads the request inside the step's transaction and refuses when it has moved on. */
async function requestIn(trx: TransactionClientContract, order: Order, status: LabelStatus) {
  const request = await labelRequestOf(order, trx)
  if (request.status !== status) {
    throw new ActionRefusedException(
      `Permintaan label ${order.number} sudah berstatus ${request.status}; muat ulang halaman.`
    )
  }
  return request
}

const requested = (lines: LabelLine[]) =>
  lines.filter((line) => line.quantity > 0).map((line) => `${line.label_name}: ${line.quantity}`)

/**
 * The order's officer requests (or corrects) the main and additional label quantities and
 * their notes while the request is Pending. Only the catalog's labels; at least one above 0.
 */
export async function requestLabels(
  actor: StaffActor,
  order: Order,
  input: { main?: Quantities; additional?: Quantities; notes?: string; additional_notes?: string }
) {
  const wanted = [
    ...(input.main ?? []).map((line) => ({ ...line, type: 'Main' as const })),
    ...(input.additional ?? []).map((line) => ({ ...line, type: 'Additional' as const })),
  ].filter((line) => line.quantity > 0)
  await workflowOf(order).take('label_request', order, actor.user, async (trx) => {
    const before = await requestIn(trx, order, 'Pending')
    const known = new Set(before.main.map((line) => line.label_id))
    const unknown = wanted.find((line) => !known.has(line.label_id))
    if (unknown) refuseFields({ main: `Label dengan id ${unknown.label_id} tidak dikenal.` })
    if (!wanted.length) refuseFields({ main: 'Isi jumlah minimal satu label.' })
    const now = databaseNow(trx)
    const fields = {
      notes: input.notes || null,
      additional_notes: input.additional_notes || null,
      updated_at: now,
    }
    let requestId = before.id
    if (requestId) {
      await trx.from('label_requests').where('id', requestId).update(fields)
      await trx.from('label_request_items').where('label_request_id', requestId).delete()
    } else {
      const [row] = await trx
        .table('label_requests')
        .insert({
          ...fields,
          order_id: order.id,
          status: 'Pending',
          requested_by: actor.user.id,
          created_at: now,
        })
        .returning('id')
      requestId = insertedId(row)
    }
    // The same label twice in one list counts once, with the last quantity sent.
    const items = new Map(wanted.map((line) => [`${line.type}:${line.label_id}`, line]))
    await trx.table('label_request_items').multiInsert(
      [...items.values()].map((line) => ({
        label_request_id: requestId,
        label_id: line.label_id,
        type: line.type,
        quantity: line.quantity,
      }))
    )
    const after = await labelRequestOf(order, trx)
    await auditOrder(
      actor,
      order,
      'label_request',
      {
        from: before.id
          ? { main: requested(before.main), additional: requested(before.additional) }
          : undefined,
        to: {
          main: requested(after.main),
          additional: requested(after.additional),
          notes: fields.notes,
          additional_notes: fields.additional_notes,
        },
      },
      trx
    )
  })
}

/** New codes for `count` labels, none already taken (a clash of 50 random bits is retried). */
async function freshCodes(trx: TransactionClientContract, count: number) {
  const codes = new Set<string>()
  while (codes.size < count) {
    const batch = Array.from({ length: count - codes.size }, newLabelCode)
    const taken = await trx.from('device_labels').whereIn('code', batch).select('code')
    const clashes = new Set(taken.map((row) => row.code))
    for (const code of batch) if (!clashes.has(code)) codes.add(code)
  }
  return [...codes]
}

/**
 * Staff hand the requested labels to the officer (Pending to Diserahkan): every device of the
 * order whose test is not cancelled gets its verifiable label, a unique code behind a QR code.
 */
export async function handOverLabels(actor: StaffActor, order: Order) {
  await workflowOf(order).take('label_handover', order, actor.user, async (trx) => {
    const request = await requestIn(trx, order, 'Pending')
    const devices = await trx
      .from('order_devices as d')
      .leftJoin('device_labels as l', 'l.order_device_id', 'd.id')
      .where('d.order_id', order.id)
      .whereNot('d.status', 'BATAL UJI')
      .whereNull('l.id')
      .orderBy('d.id')
      .select('d.id')
    const codes = await freshCodes(trx, devices.length)
    const now = databaseNow(trx)
    if (devices.length) {
      await trx.table('device_labels').multiInsert(
        devices.map((device, index) => ({
          order_device_id: device.id,
          label_request_id: request.id,
          code: codes[index],
          created_at: now,
        }))
      )
    }
    await trx.from('label_requests').where('id', request.id!).update({
      status: 'Diserahkan',
      handed_over_by: actor.user.id,
      handed_over_at: now,
      updated_at: now,
    })
    await auditOrder(
      actor,
      order,
      'label_handover',
      {
        from: { status: 'Pending' },
        to: {
          status: 'Diserahkan',
          main: requested(request.main),
          additional: requested(request.additional),
          device_labels: devices.length,
        },
      },
      trx
    )
  })
}

/**
 * The officer reports how many of each handed-over label came back, with a proof file
 * (Diserahkan to Selesai). Every requested item is reported; none above what was handed over.
 */
export async function finishLabels(
  actor: StaffActor,
  order: Order,
  input: { labels: { id: number; returned_quantity: number }[]; file: MultipartFile }
) {
  const workflow = workflowOf(order)
  workflow.assert('label_finishing', order, actor.user)
  const request = await labelRequestOf(order)
  const items = [...request.main, ...request.additional].filter((line) => line.id)
  const reported = new Map(input.labels.map((line) => [line.id, line.returned_quantity]))
  const errors: Record<string, string> = {}
  input.labels.forEach((line, index) => {
    if (!items.some((item) => item.id === line.id)) {
      errors[`labels.${index}.id`] = 'Label ini tidak termasuk dalam permintaan.'
    }
  })
  items.forEach((item, index) => {
    const name = `${item.label_name} (${LABEL_TYPE_NAMES[item.type]})`
    const returned = reported.get(item.id!)
    const sentAt = input.labels.findIndex((line) => line.id === item.id)
    const field = `labels.${sentAt >= 0 ? sentAt : index}.returned_quantity`
    if (returned === undefined) errors[field] = `Jumlah dikembalikan ${name} wajib diisi.`
    else if (returned > item.quantity) {
      errors[field] =
        `Jumlah dikembalikan ${name} tidak boleh lebih dari jumlah yang diserahkan (${item.quantity}).`
    }
  })
  if (Object.keys(errors).length) refuseFields(errors)
  await withStagedFiles(async (files) => {
    const stored = await files.upload(input.file, `labels/${order.id}`)
    await workflow.take('label_finishing', order, actor.user, async (trx) => {
      await requestIn(trx, order, 'Diserahkan')
      for (const item of items) {
        await trx
          .from('label_request_items')
          .where('id', item.id!)
          .update({ returned_quantity: reported.get(item.id!) })
      }
      const now = databaseNow(trx)
      await trx.from('label_requests').where('id', request.id!).update({
        status: 'Selesai',
        finished_by: actor.user.id,
        finished_at: now,
        updated_at: now,
      })
      const proof = await recordFile(
        trx,
        { order, kind: 'label_proof', userId: actor.user.id },
        { stored }
      )
      await auditOrder(
        actor,
        order,
        'label_finishing',
        {
          from: { status: 'Diserahkan' },
          to: {
            status: 'Selesai',
            returned: items.map(
              (item) =>
                `${item.label_name} (${LABEL_TYPE_NAMES[item.type]}): ${reported.get(item.id!)}/${item.quantity}`
            ),
            file: fileReference(proof.file),
          },
        },
        trx
      )
    })
  })
}
