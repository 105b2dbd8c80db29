import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'
import type { ToleranceType } from '#shared/measurement'

const number = { consume: (value: unknown) => Number(value) }

/** What a test point is, in a device type's template and in a worksheet's copy of it. */
export class TestPointColumns extends IdentifiedModel {
  @column()
  declare position: number

  @column()
  declare parameter: string

  @column()
  declare unit: string

  @column(number)
  declare nominal: number

  @column(number)
  declare tolerance: number

  @column()
  declare toleranceType: ToleranceType

  @column()
  declare repeats: number

  @column(number)
  declare resolution: number
}

/** One test point of a device type's template (issue 15): what a worksheet measures. */
export default class AlkesTestPoint extends TestPointColumns {
  @column()
  declare alkesId: number
}
