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
