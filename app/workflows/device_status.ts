import type { Tone } from '#workflows/kit'
import type { DeviceStatus } from '#enums/device_statuses'

/** A device line's status as its badge shows it (the names: app/enums/device_statuses.ts). */
export const DEVICE_TONES: Record<DeviceStatus, Tone> = {
  'BELUM SELESAI': 'slate',
  'SELESAI': 'emerald',
  'BATAL UJI': 'red',
}

/** Lines that count for the order's device count, total and invoices. */
export const isBillable = (status: string) => status !== 'BATAL UJI'

/** A line's worksheet result as every page, document and message names it. */
export type DeviceResult = 'LAIK' | 'TIDAK LAIK'

export const resultOf = (isLaik: boolean | null | undefined): DeviceResult | null =>
  isLaik === null || isLaik === undefined ? null : isLaik ? 'LAIK' : 'TIDAK LAIK'

/** A result's badge: a failed device is red wherever it is shown (issue 35, point 4). */
export const RESULT_TONES: Record<DeviceResult, Tone> = { 'LAIK': 'emerald', 'TIDAK LAIK': 'red' }

/**
 * The badge of a line's status: its status's tone, except that a finished line found
 * TIDAK LAIK is red, not a green SELESAI.
 */
export const deviceTone = (status: string, result: DeviceResult | null): Tone =>
  status === 'SELESAI' && result === 'TIDAK LAIK' ? 'red' : DEVICE_TONES[status as DeviceStatus]
