import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

export type OutboxChannel = 'telegram' | 'email'
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** A notice to be delivered by Telegram or e-mail, with its attempts (issue 17). */
export default class OutboxMessage extends IdentifiedModel {
  @column()
  declare userId: number | null

  @column()
  declare channel: OutboxChannel

  @column()
  declare address: string

  @column()
  declare subject: string

  @column()
  declare body: string

  @column()
  declare href: string | null

  @column()
  declare status: OutboxStatus

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime

  @column.dateTime()
  declare claimedUntil: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
