import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import type Certificate from '#models/certificate'
import CertificateTransformer from '#transformers/certificate_transformer'
import { RESULT_TONES, deviceTone, resultOf, type DeviceResult } from '#workflows/device_status'
import { workflowOf } from '#workflows/order_types'
import { formatRupiah } from '#services/format'
import { deviceActions, mayAttachTo } from '#queries/orders/order_devices'
import type { PageAction } from '#workflows/kit'
import { historyHref } from '#queries/devices/history_href'
import { visibleResult, type DeviceOutcome } from '#queries/orders/device_outcomes'

/** What a device-line page needs to know besides the lines: the order, the viewer, the files. */
export interface DeviceContext {
  order: Order
  user: User
  /** Current file links of each line, by kind (certificate, result, worksheet). */
  files?: Map<number, Record<string, string>>
  /** Each line's result and certificate (the order's page: `deviceOutcomes`). */
  outcomes?: Map<number, DeviceOutcome>
  /** Each line's certificate revisions, newest first (the certificates page). */
  certificates?: Certificate[]
}

/** A device line as every order page shows it. */
export interface DeviceLine {
  id: number
  lab: string
  alkes: { id: number; name: string }
  price: number
  formatted_price: string
  minute_estimation: number
  description: string | null
  status: string
  status_tone: string
  merk: string | null
  model: string | null
  serial_number: string | null
  functionality: string | null
  accessories: string | null
  admin_description: string | null
  officer: { id: number; name: string } | null
  worksheet_saved: boolean
  /** LAIK or TIDAK LAIK, once this viewer may see it (the facility: once the line is finished). */
  verdict: DeviceResult | null
  verdict_tone: string | null
}

/** A device line on an order's page (both types): what the viewer may do, its certificate. */
export type DetailDeviceLine = DeviceLine & {
  actions: PageAction[]
  history_href: string | null
  certificate: Omit<DeviceOutcome, 'verdict'> | null
}

/**
 * A device line as the order pages show it (both order types): `toObject` for
 * every list of lines, and one variant per page with what only that page
 * needs (the actions, the worksheet links, the files).
 */
export default class OrderDeviceTransformer extends BaseTransformer<OrderDevice> {
  constructor(
    resource: OrderDevice,
    protected context: DeviceContext
  ) {
    super(resource)
  }

  toObject(): DeviceLine {
    const device = this.resource
    const result = visibleResult(device, this.context.user)
    return {
      id: device.id,
      lab: device.lab,
      alkes: { id: device.alkesId, name: device.alkes.name },
      price: device.price,
      formatted_price: formatRupiah(device.price),
      minute_estimation: device.minuteEstimation,
      description: device.description,
      status: device.status as string,
      status_tone: deviceTone(device.status, result) as string,
      merk: device.merk,
      model: device.model,
      serial_number: device.serialNumber,
      functionality: device.functionality,
      accessories: device.accessories,
      admin_description: device.adminDescription,
      officer: device.officer ? { id: device.officer.id, name: device.officer.name } : null,
      worksheet_saved: !!device.worksheetSavedAt,
      verdict: result,
      verdict_tone: result ? RESULT_TONES[result] : null,
    }
  }

  /** The order's detail: what the viewer may do with this line now. */
  forDetail(): DetailDeviceLine {
    const { order, user } = this.context
    const device = this.resource
    const outcome = this.context.outcomes?.get(device.id)
    return {
      ...this.toObject(),
      certificate:
        outcome && (outcome.certificate_number || outcome.certificate_href)
          ? {
              certificate_number: outcome.certificate_number,
              certificate_href: outcome.certificate_href,
              verification_href: outcome.verification_href,
            }
          : null,
      actions: deviceActions(order, device, user),
      history_href: historyHref(device.alkesId, device.serialNumber, order.fasyankesId),
    }
  }

  /**
   * The order lists' device popover (issue 35, point 4): the line's device, status (red when it
   * failed), result and certificate, as the order's page shows them.
   */
  forPopover() {
    const device = this.resource
    const outcome = this.context.outcomes!.get(device.id)!
    return {
      id: device.id,
      alkes_name: device.alkes.name,
      serial_number: device.serialNumber,
      status: device.status as string,
      status_tone: deviceTone(device.status, outcome.verdict) as string,
      verdict: outcome.verdict,
      verdict_tone: outcome.verdict ? (RESULT_TONES[outcome.verdict] as string) : null,
      certificate_number: outcome.certificate_number,
      certificate_href: outcome.certificate_href,
      verification_href: outcome.verification_href,
    }
  }

  /**
   * The certificates page (issue 15): a PK line with its certificate revisions (newest first)
   * and what this user may do with them now: preview the draft, open an amendment.
   */
  forCertificates() {
    const { order, user } = this.context
    const device = this.resource
    const workflow = workflowOf(order)
    const revisions = (this.context.certificates ?? []).filter(
      (row) => row.orderDeviceId === device.id
    )
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
      revisions: revisions.map((row) =>
        new CertificateTransformer(row, { order, device, user }).toObject()
      ),
    }
  }

  private filesOf() {
    return this.context.files?.get(this.resource.id) ?? {}
  }

  /** The worksheet list: the worksheet PDF and the links this viewer may follow. */
  forWorksheets(): DeviceLine & {
    /** Who filled the worksheet (issue 35): the account that saved it. */
    filled_by: string | null
    worksheet_href: string | null
    edit_href: string | null
    upload_href: string | null
  } {
    const { order, user } = this.context
    const device = this.resource
    const workflow = workflowOf(order)
    const open = device.status !== 'BATAL UJI'
    const line = { orderType: order.type, id: order.id, lab: device.lab, alkesOrderId: device.id }
    return {
      ...this.toObject(),
      filled_by: device.worksheetSavedAt ? (device.worksheetFiller?.name ?? null) : null,
      worksheet_href: this.filesOf().worksheet ?? null,
      edit_href:
        open && workflow.allows('worksheet', order, user, device)
          ? urlFor('orders.worksheet.form', line)
          : null,
      upload_href:
        open && workflow.allows('worksheet_upload', order, user, device)
          ? urlFor('orders.worksheet.upload', line)
          : null,
    }
  }

  /** The files page: certificate and result, and whether this viewer may attach them now. */
  forFiles(): DeviceLine & {
    certificate_number: string | null
    certificate: string | null
    result: string | null
    can_attach: boolean
  } {
    const { order, user } = this.context
    return {
      ...this.toObject(),
      certificate_number: this.resource.certificateNumber,
      certificate: this.filesOf().certificate ?? null,
      result: this.filesOf().result ?? null,
      can_attach: mayAttachTo(order, this.resource, user),
    }
  }
}
