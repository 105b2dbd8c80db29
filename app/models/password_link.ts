import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** A one-time set-password link; the token is never stored, only its SHA-256. */
export default class PasswordLink extends IdentifiedModel {
  static table = 'password_links'

  @column()
  declare userId: number

  @column({ serializeAs: null })
  declare tokenHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true, autoUpdate: false })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
