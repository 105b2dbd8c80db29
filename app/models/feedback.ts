import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

export default class Feedback extends IdentifiedModel {
  @column()
  declare orderId: number

  @column()
  declare userId: number | null

  @column()
  declare unit: string

  @column()
  declare critic: string | null

  /** Question code (1_a_K_1 ...) to a rating of 1-5. */
  @column({
    prepare: (value: Record<string, number>) => JSON.stringify(value),
    consume: (value: string) => JSON.parse(value),
  })
  declare ratings: Record<string, number>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
