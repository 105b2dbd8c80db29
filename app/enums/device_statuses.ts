/**
 * A device line of either order type is BELUM SELESAI until its worksheet
 * carries a result and a certificate or result file is attached (SELESAI),
 * or its test is cancelled with a reason (BATAL UJI).
 */
export const DEVICE_STATUSES = ['BELUM SELESAI', 'SELESAI', 'BATAL UJI'] as const
export type DeviceStatus = (typeof DEVICE_STATUSES)[number]
