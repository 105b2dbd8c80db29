import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import Certificate from '#models/certificate'
import { RESULT_TONES, deviceTone, resultOf, type DeviceResult } from '#workflows/device_status'
import { devicesOf } from '#queries/orders/order_devices'
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

/** How many lines the order lists' popover shows; the order's page has them all. */
export const POPOVER_LINES = 50

/**
 * The order lists' device popover (issue 35, point 4): each line's device, status (red when it
 * failed), result and certificate, as the order's page shows them, for the first lines.
 */
export async function deviceOutcomeRows(order: Order, user: User) {
  const devices = await devicesOf(order).limit(POPOVER_LINES + 1)
  const shown = devices.slice(0, POPOVER_LINES)
  const outcomes = await deviceOutcomes(order, user, shown)
  const counted =
    devices.length > POPOVER_LINES
      ? await db.from('order_devices').where('order_id', order.id).count('* as total').first()
      : null
  const total = counted ? Number(counted.total) : shown.length
  return {
    devices: shown.map((device) => {
      const outcome = outcomes.get(device.id)!
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
    }),
    more: Math.max(0, total - shown.length),
  }
}

export type DeviceOutcomeRows = Awaited<ReturnType<typeof deviceOutcomeRows>>
