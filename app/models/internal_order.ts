import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** What only an incoming-equipment (Alat Datang, DT) order has: delivery, contact and estimate. */
export default class InternalOrder extends BaseModel {
  static table = 'internal_orders'

  @column({ isPrimary: true })
  declare orderId: number

  @column.date()
  declare deliveryDateEstimation: DateTime

  @column.date()
  declare arrivalDateEstimation: DateTime

  @column()
  declare contactPersonName: string

  @column()
  declare contactPersonPhone: string

  @column()
  declare deliveryOption: string

  @column()
  declare deliveryTravelName: string | null

  @column()
  declare serviceType: string

  @column()
  declare orderDescription: string | null

  @column()
  declare estimatedMinutes: number

  @column.dateTime()
  declare estimatedCompletionAt: DateTime | null

  /** The date the proof of invoice carries, set by its refresh. */
  @column.date()
  declare proofOfInvoiceDate: DateTime | null
}
