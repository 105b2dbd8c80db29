import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * When two serial numbers name the same device: compared trimmed and ignoring case, so
 * "sn-01 " typed at receiving is the "SN-01" of an earlier order. Used by the repeated-serial
 * checks of an order and by the device history alike.
 */
export const sameSerialKey = (serial: string) => serial.trim().toLowerCase()

/** Narrows a query to rows whose `column` holds the same serial number. */
export function whereSameSerial<Q extends { whereRaw: (sql: string, bindings: any[]) => Q }>(
  query: Q,
  column: string,
  serial: string
) {
  return query.whereRaw(`lower(trim(${column})) = ?`, [sameSerialKey(serial)])
}

export const REPEATED_SERIAL = 'Nomor seri ini sama dengan alat sejenis lain di permintaan ini.'

/**
 * The positions of lines that repeat the device type and serial number of a line before
 * them: one order never holds the same device twice.
 */
export function repeatedSerials(lines: { alkesId: number; serialNumber: string }[]) {
  const seen = new Set<string>()
  const repeated: number[] = []
  lines.forEach((line, index) => {
    const key = `${line.alkesId}|${sameSerialKey(line.serialNumber)}`
    if (seen.has(key)) repeated.push(index)
    seen.add(key)
  })
  return repeated
}

/** Whether another line of the order holds this device type with this serial number. */
export async function serialHeldByAnotherLine(
  client: TransactionClientContract,
  device: { id: number; orderId: number; alkesId: number },
  serialNumber: string
) {
  const other = await whereSameSerial(
    client
      .from('order_devices')
      .where('order_id', device.orderId)
      .where('alkes_id', device.alkesId)
      .whereNot('id', device.id),
    'serial_number',
    serialNumber
  )
    .select('id')
    .first()
  return !!other
}
