import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import labConfig from '#config/lab'
import type { ServiceLab } from '#enums/labs'

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII']

export type CertificateParts = {
  lab: ServiceLab
  year: number
  month: number
  /** The device type's own number (alkes.certificate_number); may be blank. */
  template: string | null
}

/** The certificate number for one running number, built from the configured pattern. */
export function formatCertificateNumber(
  parts: CertificateParts,
  seq: number,
  pattern: string = labConfig.certificatePattern
) {
  // Without a running number every certificate would read the same: put it last.
  if (!/\{seq(?::\d+)?\}/.test(pattern)) pattern = `${pattern}/{seq}`
  const lab = parts.lab.toUpperCase()
  const values: Record<string, string> = {
    lab,
    template: parts.template?.trim() || `KAL/${lab}`,
    month: ROMAN[parts.month - 1] ?? String(parts.month),
    year: String(parts.year),
  }
  return pattern.replace(/\{(\w+)(?::(\d+))?\}/g, (token, name: string, width?: string) => {
    if (name === 'seq') return String(seq).padStart(Number(width ?? 4), '0')
    return values[name] ?? token
  })
}

/** Whether another device line already carries this certificate number. */
export async function certificateNumberTaken(
  client: QueryClientContract,
  number: string,
  exceptDeviceId: number
) {
  const row = await client
    .from('order_devices')
    .where('certificate_number', number)
    .whereNot('id', exceptDeviceId)
    .select('id')
    .first()
  return !!row
}

/**
 * Takes the lab's next running number for the year inside the caller's transaction and
 * returns the first number of the pattern no line carries yet (numbers typed by hand are
 * skipped). The counter row is locked by the update until the transaction ends, so two
 * officers saving at once never get the same number.
 */
export async function allocateCertificateNumber(
  trx: QueryClientContract,
  parts: CertificateParts,
  forDeviceId: number
) {
  const key = { lab: parts.lab, year: parts.year }
  await trx
    .table('certificate_sequences')
    .insert({ ...key, last_number: 0 })
    .onConflict(['lab', 'year'])
    .ignore()
  for (;;) {
    await trx.from('certificate_sequences').where(key).increment('last_number', 1)
    const row = await trx.from('certificate_sequences').where(key).select('last_number').first()
    const number = formatCertificateNumber(parts, Number(row.last_number))
    if (!(await certificateNumberTaken(trx, number, forDeviceId))) return number
  }
}

/** What the next blank certificate would be numbered, for the form's hint (not reserved). */
export async function previewCertificateNumber(parts: CertificateParts) {
  const row = await db
    .from('certificate_sequences')
    .where({ lab: parts.lab, year: parts.year })
    .select('last_number')
    .first()
  return formatCertificateNumber(parts, Number(row?.last_number ?? 0) + 1)
}
