import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import Certificate from '#models/certificate'
import Inventory from '#models/inventory'
import ActionRefusedException from '#exceptions/action_refused_exception'
import NotFoundException from '#exceptions/not_found_exception'
import { recordFile } from '#files/order_files'
import { withStagedFiles } from '#files/staged_files'
import { workflowOf } from '#workflows/order_types'
import { moveStatus } from '#workflows/kit'
import { lockModel } from '#services/row_locks'
import { newLabelCode } from '#services/label_codes'
import { nextCalibrationDate } from '#services/recalibration'
import { findDevice } from '#queries/orders/find_device'
import { settleDevice } from '#actions/orders/settle_device'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { certificateContents, revisionNumber } from '#documents/certificates/contents'
import { certificatePdf } from '#documents/certificates/certificate_pdf'
import { certificateNews } from '#notifications/order_news'
import { readAll } from '#services/query_results'

/** A device line's certificate revisions as its actions read them: the current and the pending. */
export async function revisionsOf(client: QueryClientContract, deviceId: number) {
  const rows = await Certificate.query({ client })
    .where('order_device_id', deviceId)
    .orderBy('revision', 'desc')
  return {
    current: rows.find((row) => row.status === 'Berlaku') ?? null,
    pending: rows.find((row) => row.status === 'Menunggu Persetujuan') ?? null,
    last: rows[0] ?? null,
  }
}

/** A verification code no label or certificate carries yet. */
async function freshCode(client: TransactionClientContract) {
  for (;;) {
    const code = newLabelCode()
    const [label, certificate] = await readAll(client, [
      () => client.from('device_labels').where('code', code).first(),
      () => client.from('certificates').where('code', code).first(),
    ])
    if (!label && !certificate) return code
  }
}

/**
 * After a worksheet with measurements is saved: the line's certificate waits for its lab's
 * head. The first time that is revision 0; after an approval, only an amendment (with its
 * reason) opens the next revision. A pending revision is approved as the worksheet then is.
 */
export async function awaitApproval(
  trx: TransactionClientContract,
  order: Order,
  device: OrderDevice,
  user: User,
  amendmentReason: string | null
) {
  const { pending, last } = await revisionsOf(trx, device.id)
  if (pending) {
    if (amendmentReason) {
      pending.useTransaction(trx)
      pending.merge({ amendmentReason, requestedBy: user.id })
      await pending.save()
    }
    return pending
  }
  const certificate = await Certificate.create(
    {
      orderDeviceId: device.id,
      revision: last ? last.revision + 1 : 0,
      status: 'Menunggu Persetujuan',
      statusChangedAt: DateTime.utc(),
      code: await freshCode(trx),
      amendmentReason,
      requestedBy: user.id,
    },
    { client: trx }
  )
  await certificateNews(trx, user.id, order, device.lab)
  return certificate
}

/** The pending certificate of the order an approval names, checked as the approval needs it. */
async function approvable(
  client: QueryClientContract,
  actor: StaffActor,
  order: Order,
  certificateId: number
) {
  const certificate = await Certificate.query({ client })
    .where('id', certificateId)
    .whereIn(
      'order_device_id',
      client.from('order_devices').where('order_id', order.id).select('id')
    )
    .first()
  if (!certificate) throw new NotFoundException('Sertifikat tidak ditemukan pada order ini.')
  const device = await findDevice(
    client as TransactionClientContract,
    order,
    certificate.orderDeviceId
  )
  workflowOf(order).assert('certificate_approve', order, actor.user, device)
  const { current, pending } = await revisionsOf(client, device.id)
  if (!pending || pending.id !== certificate.id) {
    throw new ActionRefusedException(
      certificate.status === 'Menunggu Persetujuan'
        ? 'Sertifikat ini tidak lagi menunggu persetujuan.'
        : `Sertifikat ${certificate.number} sudah ${certificate.status === 'Berlaku' ? 'disetujui' : 'diganti'}.`
    )
  }
  if (!device.certificateNumber || device.measuredLaik === null) {
    throw new ActionRefusedException(
      'Lembar kerja alat ini belum memuat pengukuran dan nomor sertifikat.'
    )
  }
  return { certificate, device, current }
}

/** What the approved certificate says, frozen with its approval. */
function frozenContents(
  client: QueryClientContract,
  actor: StaffActor,
  order: Order,
  approval: Awaited<ReturnType<typeof approvable>>,
  approvedAt: DateTime
) {
  const { certificate, device, current } = approval
  return certificateContents(client, order, device, {
    number: revisionNumber(device.certificateNumber!, certificate.revision),
    revision: certificate.revision,
    code: certificate.code,
    approver: actor.user,
    approvedAt,
    amendmentReason: certificate.amendmentReason,
    replaces: current?.number ?? null,
  })
}

/**
 * The head of the line's lab approves its pending certificate (issue 15, ISO/IEC 17025
 * 7.8.2): what it says is frozen, its PDF is made and stored as the line's certificate file
 * (a revision supersedes the file of the one before, which stays stored and opens), the
 * revision it replaces is marked Diganti, and the line may finish.
 *
 * The PDF is drawn and stored before the write (a few hundred ms that held SQLite's write lock,
 * issue 34); inside the transaction the contents are read again and must be what was drawn,
 * else nothing is written and the head is asked to approve again.
 */
export async function approveCertificate(actor: StaffActor, order: Order, certificateId: number) {
  const approvedAt = DateTime.utc().startOf('second')
  const client = db.connection()
  const drawn = await frozenContents(
    client,
    actor,
    order,
    await approvable(client, actor, order, certificateId),
    approvedAt
  )
  const pdf = await certificatePdf(drawn)
  const key = `certificates/${order.id}/${randomUUID()}.pdf`
  // A stored PDF whose approval does not commit is not a certificate: it is removed again.
  return withStagedFiles(async (files) => {
    await files.put(key, pdf, 'application/pdf')
    return await db.transaction(async (trx) => {
      await lockModel(trx, order)
      const approval = await approvable(trx, actor, order, certificateId)
      const { certificate, device, current } = approval
      const contents = await frozenContents(trx, actor, order, approval, approvedAt)
      if (JSON.stringify(contents) !== JSON.stringify(drawn)) {
        throw new ActionRefusedException(
          'Lembar kerja atau sertifikat ini berubah saat disetujui. Periksa kembali, lalu setujui lagi.'
        )
      }
      // Race-safe: of two heads approving at once, one moves it and the other is told.
      const label = `sertifikat alat ${device.serialNumber ?? device.id}`
      await moveStatus(trx, {
        table: 'certificates',
        id: certificate.id,
        from: 'Menunggu Persetujuan',
        to: 'Berlaku',
        label,
      })
      if (current) {
        await moveStatus(trx, {
          table: 'certificates',
          id: current.id,
          from: 'Berlaku',
          to: 'Diganti',
          label,
        })
      }
      certificate.number = contents.number
      const { file } = await recordFile(
        trx,
        { order, deviceId: device.id, kind: 'certificate', userId: actor.user.id },
        {
          stored: {
            key,
            originalName: `sertifikat-${certificate.number.replace(/[^\w.-]+/g, '-')}.pdf`,
            size: pdf.length,
            contentType: 'application/pdf',
          },
        }
      )
      if (current) {
        await trx
          .from('certificates')
          .where('id', current.id)
          .update({
            superseded_at: approvedAt.toSQL({ includeOffset: false }),
          })
      }
      certificate.useTransaction(trx)
      certificate.merge({
        status: 'Berlaku',
        approvedBy: actor.user.id,
        approvedAt,
        contents,
        orderFileId: file.id,
      })
      await certificate.save()
      const finished = await settleDevice(trx, order, device)
      if (current) await followAmendment(trx, order, device)
      await auditOrder(
        actor,
        order,
        'certificate_approve',
        {
          from: current ? { number: current.number, status: 'Diganti' } : undefined,
          to: {
            device_id: device.id,
            number: certificate.number,
            revision: certificate.revision,
            file: key,
            finished,
          },
          reason: certificate.amendmentReason,
        },
        trx
      )
      return certificate
    })
  })
}

/** An approved amendment may correct the device's identity or date: the inventory follows. */
async function followAmendment(trx: TransactionClientContract, order: Order, device: OrderDevice) {
  if (!device.workDate || !device.serialNumber) return
  await Inventory.query({ client: trx })
    .where('order_device_id', device.id)
    .where('fasyankes_id', order.fasyankesId)
    .update({
      merk: device.merk,
      model: device.model,
      serial_number: device.serialNumber,
      last_calibration_date: device.workDate.toISODate(),
      next_calibration_date: nextCalibrationDate(
        device.workDate,
        device.alkes.recalibrationMonths
      ).toISODate(),
    })
}
