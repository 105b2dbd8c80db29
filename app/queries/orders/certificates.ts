import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type User from '#models/user'
import Certificate from '#models/certificate'
import { devicesOf } from '#queries/orders/order_devices'
import { formatDateTime } from '#services/format'
import { printedLabelCode } from '#services/label_codes'
import OrderDeviceTransformer from '#transformers/order_device_transformer'

/**
 * The certificates page of an order (issue 15): each PK device line with its certificate
 * revisions (`OrderDeviceTransformer.forCertificates`).
 */
export async function certificateLines(order: Order, user: User) {
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
  return devices.map((device) =>
    new OrderDeviceTransformer(device, { order, user, certificates }).forCertificates()
  )
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
