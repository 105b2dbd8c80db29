import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Order from '#models/order'
import { withStagedFiles } from '#files/staged_files'
import { recordFile } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { settleDevice } from '#actions/orders/settle_device'
import { findDevice } from '#queries/orders/find_device'
import { REPEATED_SERIAL, serialHeldByAnotherLine } from '#queries/devices/serial'
import { refuseFields } from '#services/field_errors'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { allocateCertificateNumber } from '#services/certificate_numbers'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { recordMeasurements, type MeasurementInput } from '#actions/orders/worksheet_measurements'
import { awaitApproval, revisionsOf } from '#actions/orders/certificates'

export interface WorksheetInput extends MeasurementInput {
  merk: string
  model: string
  serial_number: string
  type: 'Pengujian' | 'Kalibrasi'
  additional_order_number?: string
  /** Blank or missing: the line keeps its number, or gets the lab's next one. */
  certificate_number?: string
  certificate_month: number
  work_date: Date
  work_place: string
  room_name?: string
  is_laik?: string | number
  officer_id: number
  laik_override_reason?: string
}

/**
 * The worksheet of one device line ("Lembar Kerja"); the line may finish with it. With
 * measurements (issue 15) its certificate then waits for the lab head's approval. Once a
 * certificate is approved the worksheet changes only through an amendment (`amendment`:
 * its reason), which opens the certificate's next revision and keeps its number.
 */
export async function saveWorksheet(
  actor: StaffActor,
  order: Order,
  deviceId: number,
  input: WorksheetInput,
  amendment: { reason: string } | null = null
) {
  await db.transaction(async (trx) => {
    const device = await workflowOf(order).recheckPart(
      amendment ? 'certificate_amend' : 'worksheet',
      order,
      actor.user,
      trx,
      () => findDevice(trx, order, deviceId)
    )
    const { current } = await revisionsOf(trx, device.id)
    if (amendment && !current) {
      throw new ActionRefusedException(
        'Alat ini belum memiliki sertifikat yang disetujui untuk direvisi.'
      )
    }
    if (!amendment && current) {
      throw new ActionRefusedException(
        `Sertifikat ${current.number} sudah disetujui; perbaikan dibuat sebagai revisi dari halaman Sertifikat.`
      )
    }
    if (await serialHeldByAnotherLine(trx, device, input.serial_number)) {
      refuseFields({ serial_number: REPEATED_SERIAL })
    }
    const workDate = DateTime.fromISO(DateTime.fromJSDate(input.work_date).toISODate()!)
    const certificateNumber = amendment
      ? device.certificateNumber
      : input.certificate_number ||
        device.certificateNumber ||
        (await allocateCertificateNumber(
          trx,
          {
            lab: device.lab,
            year: workDate.year,
            month: input.certificate_month,
            template: device.alkes.certificateNumber,
          },
          device.id
        ))
    const measured = await recordMeasurements(trx, order, device, input, workDate.toISODate()!)
    if (input.is_laik === undefined && measured === null) {
      refuseFields({ is_laik: 'Hasil wajib diisi.' })
    }
    const isLaik = input.is_laik === undefined ? measured! : Number(input.is_laik) === 1
    const overridden = measured !== null && isLaik !== measured
    if (overridden && !input.laik_override_reason) {
      refuseFields({
        laik_override_reason: `Titik uji memberi hasil ${measured ? 'LAIK' : 'TIDAK LAIK'}; tuliskan alasan bila hasil diubah.`,
      })
    }
    device.merge({
      merk: input.merk,
      model: input.model,
      serialNumber: input.serial_number,
      type: input.type,
      additionalOrderNumber: input.additional_order_number ?? null,
      certificateNumber,
      certificateMonth: input.certificate_month,
      workDate,
      workPlace: input.work_place,
      roomName: input.room_name ?? null,
      isLaik,
      measuredLaik: measured,
      laikOverrideReason: overridden ? input.laik_override_reason! : null,
      finisherOfficerId: input.officer_id,
      worksheetSavedAt: DateTime.utc(),
      worksheetSavedBy: actor.user.id,
    })
    await device.useTransaction(trx).save()
    const awaiting =
      measured !== null
        ? await awaitApproval(trx, order, device, actor.user, amendment?.reason ?? null)
        : null
    const finished = await settleDevice(trx, order, device)
    await auditOrder(
      actor,
      order,
      amendment ? 'certificate_amend' : 'worksheet',
      {
        to: {
          device_id: device.id,
          serial_number: device.serialNumber,
          certificate_number: certificateNumber,
          is_laik: device.isLaik,
          measured_laik: measured,
          ...(awaiting ? { certificate_revision: awaiting.revision } : {}),
          finished,
        },
        reason: amendment?.reason ?? (overridden ? input.laik_override_reason : undefined),
      },
      trx
    )
  })
}

/** The signed worksheet as a PDF, by the officer assigned to the line. */
export async function uploadWorksheet(
  actor: StaffActor,
  order: Order,
  deviceId: number,
  file: MultipartFile
) {
  const device = await findDevice(undefined, order, deviceId)
  workflowOf(order).assert('worksheet_upload', order, actor.user, device)
  await withStagedFiles(async (files) => {
    const stored = await files.upload(file, `worksheets/${order.id}`)
    await db.transaction(async (trx) => {
      await workflowOf(order).recheckPart('worksheet_upload', order, actor.user, trx, () =>
        findDevice(trx, order, deviceId)
      )
      const { previous } = await recordFile(
        trx,
        { order, deviceId: device.id, kind: 'worksheet', userId: actor.user.id },
        { stored }
      )
      await auditOrder(
        actor,
        order,
        'worksheet_upload',
        {
          from: previous ? { device_id: device.id, file: previous.storageKey } : undefined,
          to: { device_id: device.id, serial_number: device.serialNumber, file: stored.key },
        },
        trx
      )
    })
  })
}
