import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

const bool = { consume: (value: unknown) => Boolean(Number(value)) }

export default class InternalHandover extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare internalOrderId: number

  @column()
  declare contactPersonReceiverName: string

  @column()
  declare contactPersonReceiverPhone: string

  @column(bool) declare alkesAccordingly: boolean
  @column(bool) declare certificateHandedover: boolean
  @column(bool) declare alkesChecked: boolean
  @column(bool) declare cancelTest: boolean

  @column()
  declare userId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
