import { DateTime } from 'luxon'
import { belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { DeviceStatus } from '#enums/device_statuses'
import type { ServiceLab } from '#enums/labs'
import Alkes from '#models/alkes'
import User from '#models/user'
import OrderFile from '#models/order_file'

const nullableBool = {
  consume: (value: unknown) =>
    value === null || value === undefined ? null : Boolean(Number(value)),
}

/** One device of an order, of either type (a request line of quantity n becomes n of these). */
export default class OrderDevice extends TimestampedModel {
  @column()
  declare orderId: number

  @column()
  declare lab: ServiceLab

  @column()
  declare alkesId: number

  @column({ consume: (value) => Number(value) })
  declare price: number

  @column()
  declare minuteEstimation: number

  @column()
  declare description: string | null

  @column()
  declare status: DeviceStatus

  @column()
  declare merk: string | null

  @column()
  declare model: string | null

  @column()
  declare serialNumber: string | null

  @column()
  declare functionality: string | null

  @column()
  declare accessories: string | null

  @column()
  declare adminDescription: string | null

  @column()
  declare officerId: number | null

  @column()
  declare type: string | null

  @column()
  declare additionalOrderNumber: string | null

  @column()
  declare certificateNumber: string | null

  @column()
  declare certificateMonth: number | null

  @column.date()
  declare workDate: DateTime | null

  @column()
  declare workPlace: string | null

  @column()
  declare roomName: string | null

  @column(nullableBool)
  declare isLaik: boolean | null

  @column()
  declare finisherOfficerId: number | null

  @column.dateTime()
  declare worksheetSavedAt: DateTime | null

  /** The account that saved the worksheet (who filled it). */
  @column()
  declare worksheetSavedBy: number | null

  @belongsTo(() => User, { foreignKey: 'worksheetSavedBy' })
  declare worksheetFiller: BelongsTo<typeof User>

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare ambientTemperature: number | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare ambientHumidity: number | null

  /** The verdict the measured points give; null when the worksheet has no measurements. */
  @column(nullableBool)
  declare measuredLaik: boolean | null

  @column()
  declare laikOverrideReason: string | null

  @belongsTo(() => Alkes)
  declare alkes: BelongsTo<typeof Alkes>

  @belongsTo(() => User, { foreignKey: 'officerId' })
  declare officer: BelongsTo<typeof User>

  @hasMany(() => OrderFile)
  declare files: HasMany<typeof OrderFile>
}
