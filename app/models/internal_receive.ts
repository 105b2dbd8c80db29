import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

const bool = { consume: (value: unknown) => Boolean(Number(value)) }

export default class InternalReceive extends TimestampedModel {
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

  @belongsTo(() => User, { foreignKey: 'alkesCheckerUserId' })
  declare checker: BelongsTo<typeof User>
}
