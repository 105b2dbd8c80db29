import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

/**
 * A file of an order (or of one of its device lines): stored through the file
 * layer (`storageKey`) or an external https link (`externalUrl`). A kind may
 * hold several files; a replaced one keeps its row with `supersededAt` set.
 */
export default class OrderFile extends IdentifiedModel {
  @column()
  declare orderId: number

  @column()
  declare orderDeviceId: number | null

  @column()
  declare kind: string

  @column()
  declare storageKey: string | null

  @column()
  declare externalUrl: string | null

  @column()
  declare originalName: string | null

  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare size: number | null

  @column()
  declare contentType: string | null

  @column()
  declare uploadedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare supersededAt: DateTime | null
}
