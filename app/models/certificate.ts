import type { Conformity } from '#shared/decision_rules'
import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TimestampedModel } from '#models/base_models'
import User from '#models/user'

export const CERTIFICATE_STATUSES = ['Menunggu Persetujuan', 'Berlaku', 'Diganti'] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

/**
 * What a certificate says (ISO/IEC 17025 7.8.2 and 7.8.4), as plain data: built from the
 * worksheet when it is previewed or approved (app/documents/certificates/contents.ts), frozen
 * on the certificate row at approval (`contents`), and drawn by certificate_pdf.ts. The
 * verification page reads the frozen copy.
 */
export interface CertificateContents {
  number: string
  revision: number
  /** The public verification code; null on a draft. */
  code: string | null
  verification_url: string | null
  lab: { name: string; address: string; unit: string }
  customer: { name: string; address: string }
  order_number: string
  order_date: string
  device: {
    name: string
    merk: string
    model: string
    serial_number: string
    service: string
  }
  method: string
  work_date: string
  work_place: string
  room: string | null
  conditions: { temperature: string; humidity: string }
  points: CertificatePoint[]
  standards: CertificateStandard[]
  verdict: 'LAIK' | 'TIDAK LAIK'
  measured_verdict: 'LAIK' | 'TIDAK LAIK'
  override_reason: string | null
  officer: string
  signatory: { name: string; nip: string | null; role: string } | null
  issued_date: string | null
  /** The issue date as YYYY-MM-DD (the signature block dates itself with it). */
  issued_on: string | null
  approved_at: string | null
  amendment: { reason: string; replaces: string | null } | null
  statements: { traceability: string; uncertainty: string; decision: string; scope: string }
}

export interface CertificatePoint {
  parameter: string
  unit: string
  nominal: string
  readings: string[]
  mean: string
  error: string
  uncertainty: string
  tolerance: string
  passed: boolean
  /**
   * Since issue 37 (absent from certificates approved before, which state k = 2 and simple
   * acceptance): the coverage factor and ν_eff of U, the statement of conformity, the
   * test uncertainty ratio and the budget.
   */
  coverage_factor?: string
  effective_dof?: string
  conformity?: Conformity
  tur?: string
  budget?: CertificateBudgetLine[]
}

/** A line of a point's uncertainty budget as printed. */
export interface CertificateBudgetLine {
  source: string
  distribution: string
  value: string
  divisor: string
  sensitivity: string
  u: string
  dof: string
}

export interface CertificateStandard {
  name: string
  merk_model: string
  serial_number: string
  certificate_number: string
  due_date: string
  issuer: string | null
}

/**
 * One revision of a device line's generated certificate. Revision 0 is the first; a
 * correction after approval is the next revision, with its reason. Approval freezes what it
 * says (`contents`) and stores its PDF as the line's certificate file; the revision it
 * replaces stays, marked Diganti.
 */
export default class Certificate extends TimestampedModel {
  @column()
  declare orderDeviceId: number

  @column()
  declare revision: number

  @column()
  declare status: CertificateStatus

  @column.dateTime()
  declare statusChangedAt: DateTime | null

  @column()
  declare number: string | null

  @column()
  declare code: string

  @column()
  declare amendmentReason: string | null

  @column()
  declare requestedBy: number | null

  @column()
  declare approvedBy: number | null

  @column.dateTime()
  declare approvedAt: DateTime | null

  @column.dateTime()
  declare supersededAt: DateTime | null

  @column()
  declare orderFileId: number | null

  @column({
    prepare: (value: CertificateContents | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? (JSON.parse(value) as CertificateContents) : null),
  })
  declare contents: CertificateContents | null

  @belongsTo(() => User, { foreignKey: 'approvedBy' })
  declare approver: BelongsTo<typeof User>
}
