import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type InternalOrder from '#models/internal_order'
import InternalAlkesOrder from '#models/internal_alkes_order'
import Inventory from '#models/inventory'
import type User from '#models/user'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { audit, type Actor } from '#services/audit'
import { storeUpload } from '#services/storage'
import { canTake } from '#workflows/internal_order_workflow'

type StaffActor = Actor & { user: User }

/** Worksheet: yantek always; others only for the device they are assigned to; only while PROSES PENGERJAAN. */
export function mayWorkOn(user: User, order: InternalOrder, device: InternalAlkesOrder) {
  if (!canTake('worksheet', order.status, user.roles)) return false
  return user.hasRole('yantek') || device.officerId === user.id
}

async function deviceOf(client: QueryClientContract, order: InternalOrder, deviceId: number) {
  return InternalAlkesOrder.query({ client })
    .where('id', deviceId)
    .where('internal_order_id', order.id)
    .preload('alkes')
    .firstOrFail()
}

/**
 * A device is finished once its worksheet carries a result and a certificate
 * or result file is attached; then the facility's inventory gains (or
 * updates) the device with its last and next calibration dates.
 */
async function settle(
  trx: TransactionClientContract,
  order: InternalOrder,
  device: InternalAlkesOrder
) {
  const hasResult = device.worksheetSavedAt && device.isLaik !== null
  const hasFile =
    device.certificateFilePath ||
    device.certificateLink ||
    device.resultFilePath ||
    device.resultLink
  if (
    device.status !== 'BELUM SELESAI' ||
    !hasResult ||
    !hasFile ||
    !device.workDate ||
    !device.serialNumber
  )
    return false
  device.status = 'SELESAI'
  await device.useTransaction(trx).save()
  const next = device.workDate.plus({ months: device.alkes.recalibrationMonths || 12 })
  const item =
    (await Inventory.query({ client: trx })
      .where('fasyankes_id', order.fasyankesId)
      .where('alkes_id', device.alkesId)
      .where('serial_number', device.serialNumber)
      .first()) ?? new Inventory()
  item.useTransaction(trx)
  item.merge({
    fasyankesId: order.fasyankesId,
    alkesId: device.alkesId,
    merk: device.merk,
    model: device.model,
    serialNumber: device.serialNumber,
    lastCalibrationDate: device.workDate,
    nextCalibrationDate: next,
    internalAlkesOrderId: device.id,
  })
  await item.save()
  return true
}

export interface WorksheetInput {
  merk: string
  model: string
  serial_number: string
  type: 'Pengujian' | 'Kalibrasi'
  additional_order_number?: string
  certificate_number: string
  certificate_month: number
  work_date: Date
  work_place: string
  room_name?: string
  is_laik: string | number
  officer_id: number
}

export async function saveWorksheet(
  actor: StaffActor,
  order: InternalOrder,
  deviceId: number,
  input: WorksheetInput
) {
  await db.transaction(async (trx) => {
    const device = await deviceOf(trx, order, deviceId)
    if (!mayWorkOn(actor.user, order, device)) {
      throw new ActionRefusedException(
        'Anda tidak dapat mengisi lembar kerja alat ini pada status permintaan sekarang.'
      )
    }
    device.merge({
      merk: input.merk,
      model: input.model,
      serialNumber: input.serial_number,
      type: input.type,
      additionalOrderNumber: input.additional_order_number ?? null,
      certificateNumber: input.certificate_number,
      certificateMonth: input.certificate_month,
      workDate: DateTime.fromISO(DateTime.fromJSDate(input.work_date).toISODate()!),
      workPlace: input.work_place,
      roomName: input.room_name ?? null,
      isLaik: Number(input.is_laik) === 1,
      finisherOfficerId: input.officer_id,
      worksheetSavedAt: DateTime.utc(),
    })
    await device.useTransaction(trx).save()
    const finished = await settle(trx, order, device)
    await audit(
      actor,
      {
        action: 'internal.worksheet',
        subjectType: 'internal_order',
        subjectId: order.id,
        to: {
          device_id: device.id,
          certificate_number: input.certificate_number,
          is_laik: device.isLaik,
          finished,
        },
      },
      trx
    )
  })
}

export async function uploadWorksheet(
  actor: StaffActor,
  order: InternalOrder,
  deviceId: number,
  file: MultipartFile
) {
  const device = await deviceOf(db.connection(), order, deviceId)
  if (!actor.user.hasRole('officer_pk', 'yantek') || !mayWorkOn(actor.user, order, device)) {
    throw new ActionRefusedException(
      'Unggah lembar kerja hanya untuk petugas PK yang ditugaskan pada alat ini.'
    )
  }
  const path = await storeUpload(file, `worksheets/${order.id}`)
  await db.transaction(async (trx) => {
    await trx
      .from('internal_alkes_orders')
      .where('id', device.id)
      .update({ worksheet_file_path: path })
    await audit(
      actor,
      {
        action: 'internal.worksheet_upload',
        subjectType: 'internal_order',
        subjectId: order.id,
        to: { device_id: device.id },
      },
      trx
    )
  })
}

/** Certificate or result of one device: a PDF or a download link. */
export async function attachResult(
  actor: StaffActor,
  order: InternalOrder,
  input: {
    type: 'certificate' | 'result'
    internal_alkes_order_id: number
    file?: MultipartFile
    link?: string
  }
) {
  const allowed = actor.user.hasRole('yantek', 'admin_pk', 'officer_pk')
  if (
    !allowed ||
    !['ALAT DITERIMA', 'PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI'].includes(order.status)
  ) {
    throw new ActionRefusedException(
      'Anda tidak dapat mengunggah berkas hasil pada status permintaan sekarang.'
    )
  }
  const path = input.file ? await storeUpload(input.file, `results/${order.id}`) : null
  await db.transaction(async (trx) => {
    const device = await deviceOf(trx, order, input.internal_alkes_order_id)
    if (input.type === 'certificate')
      device.merge({
        certificateFilePath: path,
        certificateLink: path ? null : (input.link ?? null),
      })
    else device.merge({ resultFilePath: path, resultLink: path ? null : (input.link ?? null) })
    await device.useTransaction(trx).save()
    const finished = await settle(trx, order, device)
    await audit(
      actor,
      {
        action: 'internal.attachment',
        subjectType: 'internal_order',
        subjectId: order.id,
        to: { device_id: device.id, type: input.type, link: input.link ?? null, finished },
      },
      trx
    )
  })
}

export async function saveOrderField(
  actor: StaffActor,
  order: InternalOrder,
  field: 'folder_link' | 'certificate_date',
  value: string
) {
  if (!actor.user.hasRole('yantek', 'admin_pk', 'officer_pk', 'head_of_pk_laboratory')) {
    throw new ActionRefusedException('Anda tidak dapat mengubah data ini.')
  }
  await db.transaction(async (trx) => {
    const before = await trx.from('internal_orders').where('id', order.id).select(field).first()
    await trx
      .from('internal_orders')
      .where('id', order.id)
      .update({ [field]: value })
    await audit(
      actor,
      {
        action: field === 'folder_link' ? 'internal.folder' : 'internal.certificate_date',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { [field]: before?.[field] ?? null },
        to: { [field]: value },
      },
      trx
    )
  })
}
