import { DateTime } from 'luxon'
import type Order from '#models/order'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import InsituOrder from '#models/insitu_order'
import { refuseFields } from '#services/field_errors'
import { withStagedFiles } from '#files/staged_files'
import { SERVICE_LABS } from '#enums/labs'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { executionYears } from '#validators/insitu_order'
import { refuseOversizedOrder, type DeviceLineInput } from '#actions/orders/device_lines'
import { createRequest, replaceRequest } from '#actions/orders/order_request'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

export interface InsituRequestInput {
  execution_year: number
  letter?: MultipartFile
  letter_number: string
  letter_date: Date
  alkes_pk?: DeviceLineInput[]
  alkes_ukpr?: DeviceLineInput[]
  alkes_sarpras?: DeviceLineInput[]
}

/** Every lab's requested lines; refused under the request lists when there is none. */
function requestedLines(input: InsituRequestInput) {
  if (!executionYears().includes(input.execution_year)) {
    refuseFields({ execution_year: 'Tahun pelaksanaan hanya tahun ini atau tahun depan.' })
  }
  const lines = SERVICE_LABS.flatMap((lab) => input[`alkes_${lab}`] ?? [])
  if (!lines.length) {
    refuseFields({ alkes_pk: 'Pilih minimal satu alat dengan jumlah lebih dari 0.' })
  }
  return lines
}

function details(input: InsituRequestInput) {
  return {
    executionYear: input.execution_year,
    letterNumber: input.letter_number,
    letterDate: DateTime.fromISO(DateTime.fromJSDate(input.letter_date).toISODate()!),
  }
}

/** A new on-site order (TERKIRIM) with its application letter and requested devices per lab. */
export async function createInsituOrder(
  actor: StaffActor,
  fasyankesId: number,
  input: InsituRequestInput
) {
  const lines = requestedLines(input)
  return createRequest(
    actor,
    { type: 'insitu', code: 'DL', status: 'TERKIRIM', fasyankesId },
    { letter: input.letter, lines, audited: { letter_number: input.letter_number } },
    (created, trx) =>
      InsituOrder.create({ orderId: created.id, ...details(input) }, { client: trx })
  )
}

/** Edits a request still TERKIRIM: its letter data, and the requested devices replaced. */
export async function updateInsituOrder(
  actor: StaffActor,
  order: Order,
  input: InsituRequestInput & { fasyankes_id?: number }
) {
  insituWorkflow.assert('edit', order, actor.user)
  const lines = requestedLines(input)
  refuseOversizedOrder(lines)
  return withStagedFiles(async (files) => {
    const letter = input.letter ? await files.upload(input.letter, 'letters') : null
    return insituWorkflow.take('edit', order, actor.user, async (trx) => {
      // Only while the order is still in the status the user edited.
      const moved = await moveOrder(trx, order, 'edit')
      const { executionYear, letterNumber, letterDate } = details(input)
      await trx.from('insitu_orders').where('order_id', order.id).update({
        execution_year: executionYear,
        letter_number: letterNumber,
        letter_date: letterDate.toISODate(),
      })
      const devices = await replaceRequest(trx, actor, order, input.fasyankes_id, letter, lines)
      await auditOrder(
        actor,
        order,
        'edit',
        { moved, to: { letter_number: letterNumber, devices: devices.length } },
        trx
      )
      return order
    })
  })
}
