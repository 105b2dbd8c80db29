import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'

/** One invoice stage (1, 2 or 3) of an order. */
export default class Invoice extends TimestampedModel {
  @column()
  declare orderId: number

  @column()
  declare stage: number

  @column.date()
  declare invoiceDate: DateTime

  @column()
  declare letterNumber: string | null
}
