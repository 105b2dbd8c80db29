import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

/**
 * An expanded uncertainty a calibrator's certificate states for a parameter, with the coverage
 * factor it states (2 when it states none), absolute or relative (in % of the value).
 */
export default class CalibratorUncertainty extends IdentifiedModel {
  @column()
  declare calibrationId: number

  @column()
  declare parameter: string

  @column()
  declare unit: string

  @column({ consume: (value: unknown) => Number(value) })
  declare expandedUncertainty: number

  @column({ consume: (value: unknown) => Number(value) })
  declare coverageFactor: number

  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare relative: boolean

  /** The correction the certificate states at this parameter (null: none stated). */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare correction: number | null

  /** The standard's resolution at this parameter (null: not stated). */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare resolution: number | null
}
