import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Alkes from '#models/alkes'
import Fasyankes from '#models/fasyankes'

/** A facility's device, with its last and next calibration (domain decisions: Inventory). */
export default class Inventory extends TimestampedModel {
  @column()
  declare fasyankesId: number

  @column()
  declare alkesId: number

  @column()
  declare merk: string | null

  @column()
  declare model: string | null

  @column()
  declare serialNumber: string

  @column.date()
  declare lastCalibrationDate: DateTime

  @column.date()
  declare nextCalibrationDate: DateTime

  @column()
  declare orderDeviceId: number | null

  @belongsTo(() => Alkes)
  declare alkes: BelongsTo<typeof Alkes>

  @belongsTo(() => Fasyankes)
  declare fasyankes: BelongsTo<typeof Fasyankes>
}
