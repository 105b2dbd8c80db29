import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

const bool = { consume: (value: unknown) => Boolean(Number(value)) }

export default class InternalReceive extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare orderId: number

  @column()
  declare alkesCheckerUserId: number | null

  @column()
  declare contactPersonName: string

  @column()
  declare contactPersonPhone: string

  @column.date()
  declare receivedDate: DateTime

  @column.date()
  declare doneEstimationDate: DateTime

  @column(bool) declare reviewRequest: boolean
  @column(bool) declare officerReadiness: boolean
  @column(bool) declare equipmentCondition: boolean
  @column(bool) declare accommodationAndEnvironment: boolean
  @column(bool) declare calibrationAbility: boolean
  @column(bool) declare workload: boolean
  @column(bool) declare calibrationMethodCompatibility: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'alkesCheckerUserId' })
  declare checker: BelongsTo<typeof User>
}
