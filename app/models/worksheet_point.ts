import { column } from '@adonisjs/lucid/orm'
import { TestPointColumns } from '#models/alkes_test_point'

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

  @column({ consume: (value: unknown) => Boolean(Number(value)) })
  declare passed: boolean
}
