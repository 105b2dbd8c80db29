import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import Certificate from '#models/certificate'
import { resultOf, type DeviceResult } from '#workflows/device_status'
import { filesByDevice, visibleFiles } from '#queries/orders/order_files_view'

/** What came of a device line: its result and its certificate, as the viewer may see them. */
export interface DeviceOutcome {
  verdict: DeviceResult | null
  certificate_number: string | null
  /** The certificate (or result) file or link, when this viewer may open the order's files. */
  certificate_href: string | null
  /** The public verification page of the approved certificate in force. */
  verification_href: string | null
}

/**
 * Whether the viewer sees a line's result yet: staff as soon as the worksheet records it, the
 * facility once the line is finished (its certificate or result is out), never a draft.
 */
export const resultVisible = (device: OrderDevice, user: User) =>
  device.status === 'SELESAI' || user.fasyankesId === null

/** The line's result as this viewer may see it. */
export const visibleResult = (device: OrderDevice, user: User) =>
  resultVisible(device, user) ? resultOf(device.isLaik) : null

/**
 * Each line's outcome (issue 35, point 4): LAIK or TIDAK LAIK, the certificate's number (the
 * approved revision in force, else the number its worksheet gave an attached certificate), the
 * file the viewer may download and the verification page the facility may open.
 */
export async function deviceOutcomes(order: Order, user: User, devices: OrderDevice[]) {
  const ids = devices.map((device) => device.id)
  const [files, certificates] = await Promise.all([
    visibleFiles(order, user),
    ids.length
      ? Certificate.query().whereIn('order_device_id', ids).where('status', 'Berlaku')
      : Promise.resolve([] as Certificate[]),
  ])
  const hrefs = filesByDevice(
    order,
    files.filter((file) => file.kind === 'certificate' || file.kind === 'result')
  )
  const inForce = new Map(certificates.map((row) => [row.orderDeviceId, row]))
  const outcomes = new Map<number, DeviceOutcome>()
  for (const device of devices) {
    const shown = resultVisible(device, user) && device.status !== 'BATAL UJI'
    const certificate = inForce.get(device.id)
    const links = hrefs.get(device.id) ?? {}
    outcomes.set(device.id, {
      verdict: shown ? resultOf(device.isLaik) : null,
      certificate_number: shown ? (certificate?.number ?? device.certificateNumber) : null,
      certificate_href: shown ? (links.certificate ?? links.result ?? null) : null,
      verification_href:
        shown && certificate ? urlFor('labels.verify', { code: certificate.code }) : null,
    })
  }
  return outcomes
}
