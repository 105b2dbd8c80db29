import { DateTime } from 'luxon'
import { beforeSave, column } from '@adonisjs/lucid/orm'
import { groupScores } from '#enums/feedback'
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

  /** Each group's total of the ratings (enums/feedback.ts groupScores), set on every save. */
  @column()
  declare group1Score: number

  @column()
  declare group2Score: number

  @column()
  declare group3Score: number

  @column()
  declare group4Score: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @beforeSave()
  static keepGroupScores(feedback: Feedback) {
    const [first, second, third, fourth] = groupScores(feedback.ratings)
    feedback.group1Score = first
    feedback.group2Score = second
    feedback.group3Score = third
    feedback.group4Score = fourth
  }
}
