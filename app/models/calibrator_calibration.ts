import { DateTime } from 'luxon'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { TimestampedModel } from '#models/base_models'
import CalibratorUncertainty from '#models/calibrator_uncertainty'

export type CalibrationKind = 'calibration' | 'out_of_tolerance'

/**
 * An event of a reference calibrator's own history: a calibration (with its certificate,
 * due date and verdict) or a finding that it is out of tolerance.
 */
export default class CalibratorCalibration extends TimestampedModel {
  @column()
  declare calibratorId: number

  @column()
  declare kind: CalibrationKind

  @column.date()
  declare performedOn: DateTime

  @column.date()
  declare dueOn: DateTime | null

  @column()
  declare certificateNumber: string | null

  @column()
  declare issuer: string | null

  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare passed: boolean

  @column()
  declare notes: string | null

  @column()
  declare createdBy: number | null

  @hasMany(() => CalibratorUncertainty, { foreignKey: 'calibrationId' })
  declare uncertainties: HasMany<typeof CalibratorUncertainty>
}
