import { urlFor } from '@adonisjs/core/services/url_builder'

/** The history page of a device: its type and serial number at one facility (null without a serial). */
export function historyHref(alkesId: number, serial: string | null, fasyankesId: number) {
  if (!serial?.trim()) return null
  return urlFor(
    'devices.history',
    {},
    { qs: { alkes: String(alkesId), serial: serial.trim(), fasyankes: String(fasyankesId) } }
  )
}
