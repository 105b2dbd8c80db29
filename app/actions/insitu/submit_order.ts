import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import Order from '#models/order'
import OrderDevice from '#models/order_device'
import InsituOrder from '#models/insitu_order'
import { nextOrderNumber } from '#services/order_number'
import { refuseFields } from '#services/field_errors'
import { storeUpload } from '#files/file_store'
import { recordFile } from '#files/order_files'
import { SERVICE_LABS } from '#enums/labs'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { executionYears } from '#validators/insitu_order'
import { addDeviceLines, linesChanged, type DeviceLineInput } from '#actions/orders/device_lines'
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
  const letter = input.letter ? await storeUpload(input.letter, 'letters') : null
  return db.transaction(async (trx) => {
    const order = new Order()
    order.useTransaction(trx)
    order.merge({
      type: 'insitu',
      number: await nextOrderNumber(trx, 'DL'),
      status: 'TERKIRIM',
      userId: actor.user.id,
      fasyankesId,
    })
    await order.save()
    await InsituOrder.create({ orderId: order.id, ...details(input) }, { client: trx })
    if (letter) {
      await recordFile(
        trx,
        { order, kind: 'application_letter', userId: actor.user.id },
        { stored: letter }
      )
    }
    const devices = await addDeviceLines(trx, order, lines)
    await linesChanged(trx, order)
    await auditOrder(
      actor,
      order,
      'create',
      {
        to: {
          number: order.number,
          status: order.status,
          devices: devices.length,
          letter_number: input.letter_number,
        },
      },
      trx
    )
    return order
  })
}

/** Edits a request still TERKIRIM: its letter data, and the requested devices replaced. */
export async function updateInsituOrder(
  actor: StaffActor,
  order: Order,
  input: InsituRequestInput & { fasyankes_id?: number }
) {
  insituWorkflow.assert('edit', order, actor.user)
  const lines = requestedLines(input)
  const letter = input.letter ? await storeUpload(input.letter, 'letters') : null
  return db.transaction(async (trx) => {
    // Only while the order is still in the status the user edited.
    await moveOrder(trx, order, 'edit')
    if (!actor.user.isFacility && input.fasyankes_id) {
      await trx.from('orders').where('id', order.id).update({ fasyankes_id: input.fasyankes_id })
      order.fasyankesId = input.fasyankes_id
    }
    const { executionYear, letterNumber, letterDate } = details(input)
    await trx.from('insitu_orders').where('order_id', order.id).update({
      execution_year: executionYear,
      letter_number: letterNumber,
      letter_date: letterDate.toISODate(),
    })
    if (letter) {
      await recordFile(
        trx,
        { order, kind: 'application_letter', userId: actor.user.id },
        { stored: letter }
      )
    }
    await OrderDevice.query({ client: trx }).where('order_id', order.id).delete()
    const devices = await addDeviceLines(trx, order, lines)
    await linesChanged(trx, order)
    await auditOrder(
      actor,
      order,
      'edit',
      { to: { letter_number: letterNumber, devices: devices.length } },
      trx
    )
    return order
  })
}
