import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

const bool = { consume: (value: unknown) => Boolean(Number(value)) }

export default class InternalHandover extends IdentifiedModel {
  @column()
  declare orderId: number

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

  /** The staff member who handed the devices back. */
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
