import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

/** An expanded uncertainty (k = 2) a calibrator's certificate states for a parameter. */
export default class CalibratorUncertainty extends IdentifiedModel {
  @column()
  declare calibrationId: number

  @column()
  declare parameter: string

  @column()
  declare unit: string

  @column({ consume: (value: unknown) => Number(value) })
  declare expandedUncertainty: number
}
