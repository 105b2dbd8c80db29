import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

/** Something a user is told in the app (the bell in the top bar), read or not yet (issue 17). */
export default class Notice extends IdentifiedModel {
  @column()
  declare userId: number

  @column()
  declare title: string

  @column()
  declare body: string

  @column()
  declare href: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare readAt: DateTime | null
}
