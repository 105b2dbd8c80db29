import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TimestampedModel } from '#models/base_models'
import User from '#models/user'
import type { CertificateContents } from '#documents/certificates/contents'

export const CERTIFICATE_STATUSES = ['Menunggu Persetujuan', 'Berlaku', 'Diganti'] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

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
