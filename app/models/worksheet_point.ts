import { column } from '@adonisjs/lucid/orm'
import { TestPointColumns } from '#models/alkes_test_point'
import type { Conformity, DecisionRule } from '#shared/decision_rules'

const number = { consume: (value: unknown) => Number(value) }

/**
 * One measured test point of a device line's worksheet: the template's values as they were
 * when the worksheet was first measured, the readings, and the results computed from them.
 */
export default class WorksheetPoint extends TestPointColumns {
  @column()
  declare orderDeviceId: number

  @column()
  declare calibratorId: number | null

  @column(number)
  declare referenceUncertainty: number

  /** The coverage factor the standard's certificate states with that U. */
  @column(number)
  declare referenceCoverage: number

  /** Whether that U is relative, in % of the value. */
  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare referenceRelative: boolean

  /** The standard's correction, drift half-width and resolution at this point (0: none). */
  @column(number)
  declare referenceCorrection: number

  @column(number)
  declare referenceDrift: number

  @column(number)
  declare referenceResolution: number

  /** The pooled s of the device type's history used for too few readings, and its ν. */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare priorDeviation: number | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare priorDof: number | null

  /** The ILAC-G8 rule the point was judged by, and a guard band's factor r (w = r·U). */
  @column()
  declare decisionRule: DecisionRule

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare guardFactor: number | null

  @column({
    prepare: (value: number[]) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value) as number[],
  })
  declare readings: number[]

  @column(number)
  declare mean: number

  @column(number)
  declare error: number

  @column(number)
  declare expandedUncertainty: number

  @column(number)
  declare coverageFactor: number

  /** ν_eff of the combined uncertainty; null when infinite. */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare effectiveDof: number | null

  /** The statement of conformity; null on points saved before issue 37 (read `passed`). */
  @column()
  declare conformity: Conformity | null

  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare passed: boolean
}
