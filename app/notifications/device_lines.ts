import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { resultOf } from '#workflows/device_status'

/** A device as a message names it: its type and serial number ("Syringe Pump SN 12-A"). */
export const deviceName = (row: { alkes_name: string; serial_number: string | null }) =>
  row.serial_number ? `${row.alkes_name} SN ${row.serial_number}` : row.alkes_name

/** A list of devices in one sentence: "A, B dan C". */
export function joinNames(names: string[]) {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} dan ${names.at(-1)}`
}

/** Device lines of an order with their type's name, in the order they were added. */
export function namedLines(trx: TransactionClientContract, orderId: number) {
  return trx
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', orderId)
    .orderBy('d.id')
    .select(
      'd.id',
      'd.lab',
      'd.status',
      'd.serial_number',
      'd.is_laik',
      'd.certificate_number',
      'd.officer_id',
      'a.name as alkes_name'
    )
}

/**
 * Each device's result and certificate, one line a device, as the facility's notice of a
 * finished order lists them (issue 35, point 4): "- Syringe Pump SN 1: TIDAK LAIK, sertifikat
 * PK/…". Failed devices come first and are counted in the opening line, so none is missed.
 */
export async function resultLines(trx: TransactionClientContract, orderId: number) {
  const lines = await namedLines(trx, orderId)
  if (!lines.length) return null
  const numbers = new Map<number, string>()
  const certificates = await trx
    .from('certificates')
    .whereIn(
      'order_device_id',
      lines.map((line) => line.id)
    )
    .where('status', 'Berlaku')
    .select('order_device_id', 'number')
  for (const row of certificates) numbers.set(Number(row.order_device_id), row.number)
  const described = lines.map((line) => {
    if (line.status === 'BATAL UJI')
      return { failed: false, text: `${deviceName(line)}: BATAL UJI` }
    const laik = line.is_laik === null ? null : Boolean(Number(line.is_laik))
    const result = resultOf(laik) ?? 'belum ada hasil'
    const number = numbers.get(Number(line.id)) ?? line.certificate_number
    return {
      failed: result === 'TIDAK LAIK',
      text: `${deviceName(line)}: ${result}${number ? `, sertifikat ${number}` : ''}`,
    }
  })
  const failed = described.filter((line) => line.failed)
  const heading = failed.length
    ? `Hasil (${failed.length} dari ${described.length} alat TIDAK LAIK):`
    : 'Hasil:'
  const ordered = [...failed, ...described.filter((line) => !line.failed)]
  // A failed device is an outcome with a next step, not a date (issue 37, point 6).
  const nextStep = failed.length
    ? [
        'Alat TIDAK LAIK tidak boleh digunakan dan tidak memiliki jadwal kalibrasi berikutnya: ' +
          'lakukan perbaikan atau penggantian, lalu ajukan kalibrasi ulang.',
      ]
    : []
  return [heading, ...ordered.map((line) => `- ${line.text}`), ...nextStep].join('\n')
}
