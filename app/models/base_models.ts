import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A table with an auto-increment `id` (every table but the lookups keyed by their code). */
export class IdentifiedModel extends BaseModel {
  @column({ isPrimary: true })
  declare id: number
}

/** …that also keeps when each row was created and last updated. */
export class TimestampedModel extends IdentifiedModel {
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
