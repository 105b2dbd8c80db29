import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * What only an on-site (Insitu, DL) order has: the execution year and the facility's letter,
 * the offering's signature, the contract, and how the order ended.
 */
export default class InsituOrder extends BaseModel {
  static table = 'insitu_orders'

  @column({ isPrimary: true })
  declare orderId: number

  @column()
  declare executionYear: number

  @column()
  declare letterNumber: string

  @column.date()
  declare letterDate: DateTime

  @column()
  declare signatureName: string | null

  @column()
  declare signatureNip: string | null

  @column()
  declare signaturePosition: string | null

  @column.dateTime()
  declare signedAt: DateTime | null

  @column.dateTime()
  declare offeringSentAt: DateTime | null

  @column()
  declare contractNumber: string | null

  @column.date()
  declare contractDate: DateTime | null

  @column()
  declare finalizationNotes: string | null

  @column()
  declare cancelReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
