import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type User from '#models/user'
import Certificate, { type CertificateStatus } from '#models/certificate'
import { workflowOf } from '#workflows/order_types'
import { RESULT_TONES, deviceTone, resultOf } from '#workflows/device_status'
import { devicesOf } from '#queries/orders/order_devices'
import { formatDateTime } from '#services/format'
import { printedLabelCode, verificationUrl } from '#services/label_codes'
import { revisionNumber } from '#documents/certificates/contents'

export interface CertificateRevision {
  id: number
  revision: number
  number: string | null
  /** The number it bears, or will bear once approved (what the approval question names). */
  display_number: string | null
  status: CertificateStatus
  amendment_reason: string | null
  approved_by: string | null
  formatted_approved_at: string | null
  formatted_superseded_at: string | null
  formatted_requested_at: string
  file_href: string | null
  verification_url: string | null
  printed_code: string | null
  approve_href: string | null
}

/**
 * The certificates page of an order (issue 15): each PK device line with its certificate
 * revisions (newest first) and what this user may do with them now: preview the draft,
 * approve the pending revision (the head of the line's lab), open an amendment.
 */
export async function certificateLines(order: Order, user: User) {
  const workflow = workflowOf(order)
  const devices = await devicesOf(order).where('lab', 'pk')
  const certificates = devices.length
    ? await Certificate.query()
        .whereIn(
          'order_device_id',
          devices.map((device) => device.id)
        )
        .preload('approver')
        .orderBy('revision', 'desc')
    : []
  return devices.map((device) => {
    const revisions = certificates.filter((row) => row.orderDeviceId === device.id)
    const line = { orderType: order.type, id: order.id, alkesOrderId: device.id }
    const current = revisions.find((row) => row.status === 'Berlaku')
    const pending = revisions.find((row) => row.status === 'Menunggu Persetujuan')
    const measured = device.measuredLaik !== null
    const verdict = resultOf(device.isLaik)
    return {
      id: device.id,
      alkes_name: device.alkes.name,
      merk: device.merk,
      model: device.model,
      serial_number: device.serialNumber,
      officer: device.officer?.name ?? null,
      status: device.status as string,
      status_tone: deviceTone(device.status, verdict) as string,
      certificate_number: device.certificateNumber,
      measured,
      verdict,
      verdict_tone: verdict ? (RESULT_TONES[verdict] as string) : null,
      // The draft is a preview of what waits; once approved, the certificate itself is shown.
      draft_href:
        measured && (pending || !current) && workflow.allows('certificates', order, user)
          ? urlFor('orders.certificate.draft', line)
          : null,
      amend_href:
        current && workflow.allows('certificate_amend', order, user, device)
          ? urlFor('orders.certificate.amend.form', line)
          : null,
      revisions: revisions.map((row): CertificateRevision => ({
        id: row.id,
        revision: row.revision,
        number: row.number,
        display_number:
          row.number ??
          (device.certificateNumber
            ? revisionNumber(device.certificateNumber, row.revision)
            : null),
        status: row.status,
        amendment_reason: row.amendmentReason,
        approved_by: row.approver?.name ?? null,
        formatted_approved_at: row.approvedAt ? formatDateTime(row.approvedAt) : null,
        formatted_superseded_at: row.supersededAt ? formatDateTime(row.supersededAt) : null,
        formatted_requested_at: formatDateTime(row.createdAt),
        file_href: row.orderFileId
          ? urlFor('orders.file', { orderType: order.type, id: order.id, fileId: row.orderFileId })
          : null,
        verification_url: row.status === 'Menunggu Persetujuan' ? null : verificationUrl(row.code),
        printed_code: row.status === 'Menunggu Persetujuan' ? null : printedLabelCode(row.code),
        approve_href:
          row.status === 'Menunggu Persetujuan' &&
          workflow.allows('certificate_approve', order, user, device)
            ? urlFor('orders.certificate.approve', {
                orderType: order.type,
                id: order.id,
                certificateId: row.id,
              })
            : null,
      })),
    }
  })
}

/**
 * What the public verification page shows of a certificate revision (issue 15): what the
 * approved revision says (its frozen contents), whether it is the current one, and when
 * it replaced or was replaced by another. Null when no approved revision carries the code
 * (a pending revision is not a certificate yet).
 */
export async function verifiedCertificate(code: string) {
  const certificate = await Certificate.query()
    .where('code', code)
    .whereNot('status', 'Menunggu Persetujuan')
    .first()
  if (!certificate?.contents) return null
  const siblings = await Certificate.query()
    .where('order_device_id', certificate.orderDeviceId)
    .whereNot('status', 'Menunggu Persetujuan')
    .orderBy('revision')
  const current = siblings.find((row) => row.status === 'Berlaku') ?? null
  const replaced = siblings.filter((row) => row.revision < certificate.revision).at(-1)
  const next = siblings.find((row) => row.revision > certificate.revision)
  const summary = (row: Certificate) => ({
    number: row.number!,
    printed_code: printedLabelCode(row.code),
    href: urlFor('labels.verify', { code: row.code }),
    formatted_issued_date: row.contents?.issued_date ?? '-',
    verdict: row.contents?.verdict ?? null,
  })
  const contents = certificate.contents
  return {
    code: printedLabelCode(certificate.code),
    number: certificate.number!,
    revision: certificate.revision,
    status: certificate.status as 'Berlaku' | 'Diganti',
    alkes_name: contents.device.name,
    merk: contents.device.merk,
    model: contents.device.model,
    serial_number: contents.device.serial_number,
    fasyankes_name: contents.customer.name,
    formatted_calibration_date: contents.work_date,
    formatted_issued_date: contents.issued_date ?? '-',
    signatory: contents.signatory?.name ?? null,
    verdict: contents.verdict,
    amendment_reason: contents.amendment?.reason ?? null,
    /** This revision was replaced: when, and by which. */
    superseded:
      certificate.status === 'Diganti'
        ? {
            formatted_at: certificate.supersededAt ? formatDateTime(certificate.supersededAt) : '-',
            by: next ? summary(next) : null,
          }
        : null,
    /** The revision in force for this device now (when this one is not it). */
    current: current && current.id !== certificate.id ? summary(current) : null,
    /** The earlier revision this one replaced, and when. */
    replaced: replaced
      ? {
          ...summary(replaced),
          formatted_at: replaced.supersededAt ? formatDateTime(replaced.supersededAt) : '-',
        }
      : null,
  }
}
