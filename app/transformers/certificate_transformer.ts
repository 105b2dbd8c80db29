import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Certificate from '#models/certificate'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import { workflowOf } from '#workflows/order_types'
import { formatDateTime } from '#services/format'
import { printedLabelCode, verificationUrl } from '#services/label_codes'
import { revisionNumber } from '#documents/certificates/contents'

/** The line a revision certifies, its order and the viewer. */
export interface CertificateContext {
  order: Order
  device: OrderDevice
  user: User
}

/**
 * A certificate revision (issue 15) on the order's certificates page: its number (or the one it
 * will bear once approved), status, approval, file and public verification, and the approval
 * this viewer may give now (the head of the line's lab).
 */
export default class CertificateTransformer extends BaseTransformer<Certificate> {
  constructor(
    resource: Certificate,
    protected context: CertificateContext
  ) {
    super(resource)
  }

  toObject() {
    const row = this.resource
    const { order, device, user } = this.context
    const pending = row.status === 'Menunggu Persetujuan'
    return {
      id: row.id,
      revision: row.revision,
      number: row.number,
      /** The number it bears, or will bear once approved (what the approval question names). */
      display_number:
        row.number ??
        (device.certificateNumber ? revisionNumber(device.certificateNumber, row.revision) : null),
      status: row.status,
      amendment_reason: row.amendmentReason,
      approved_by: row.approver?.name ?? null,
      formatted_approved_at: row.approvedAt ? formatDateTime(row.approvedAt) : null,
      formatted_superseded_at: row.supersededAt ? formatDateTime(row.supersededAt) : null,
      formatted_requested_at: formatDateTime(row.createdAt),
      file_href: row.orderFileId
        ? urlFor('orders.file', { orderType: order.type, id: order.id, fileId: row.orderFileId })
        : null,
      verification_url: pending ? null : verificationUrl(row.code),
      printed_code: pending ? null : printedLabelCode(row.code),
      approve_href:
        pending && workflowOf(order).allows('certificate_approve', order, user, device)
          ? urlFor('orders.certificate.approve', {
              orderType: order.type,
              id: order.id,
              certificateId: row.id,
            })
          : null,
    }
  }
}
