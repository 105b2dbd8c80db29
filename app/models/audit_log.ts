import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: string | null) => (value ? JSON.parse(value) : null),
}

/** Written only through app/services/audit.ts; the table refuses updates and deletes; rows form a hash chain. */
export default class AuditLog extends IdentifiedModel {
  @column()
  declare userId: number | null

  @column()
  declare userName: string | null

  @column()
  declare role: string | null

  @column()
  declare action: string

  @column()
  declare subjectType: string | null

  @column()
  declare subjectId: string | null

  @column(json)
  declare changesFrom: Record<string, unknown> | null

  @column(json)
  declare changesTo: Record<string, unknown> | null

  @column()
  declare reason: string | null

  @column()
  declare ip: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** Hash of the previous row (services/audit_chain.ts). */
  @column()
  declare prevHash: string | null

  /** sha256 over this row's content and prevHash. */
  @column()
  declare hash: string | null
}
