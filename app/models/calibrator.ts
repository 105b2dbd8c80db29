import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { CalibratorCondition } from '#enums/master_data'
import Unit from '#models/unit'
import User from '#models/user'

export default class Calibrator extends TimestampedModel {
  @column()
  declare name: string

  @column()
  declare merk: string | null

  @column()
  declare typeModelCategory: 'Tipe' | 'Model'

  @column()
  declare typeModel: string | null

  @column()
  declare serialNumber: string

  @column()
  declare channelCount: number

  @column()
  declare bpfkUserId: number | null

  @column()
  declare unitId: number

  @column()
  declare calibratorCondition: CalibratorCondition

  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare isAvailable: boolean

  @column.date()
  declare lastCalibrationDate: DateTime | null

  @column.date()
  declare nextCalibrationDate: DateTime | null

  @belongsTo(() => Unit)
  declare unit: BelongsTo<typeof Unit>

  @belongsTo(() => User, { foreignKey: 'bpfkUserId' })
  declare personInCharge: BelongsTo<typeof User>
}
