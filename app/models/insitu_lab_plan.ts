import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { ServiceLab } from '#enums/labs'

const amount = { consume: (value: unknown) => (value === null ? null : Number(value)) }

/**
 * One lab's part of an on-site order: its estimation (travel, officers, days) and its
 * accommodation (null until saved).
 */
export default class InsituLabPlan extends TimestampedModel {
  static table = 'insitu_lab_plans'

  @column()
  declare orderId: number

  @column()
  declare lab: ServiceLab

  @column()
  declare ppHour: number

  @column()
  declare ppMinute: number

  @column()
  declare totalOfficer: number

  @column({ consume: (value) => Number(value) })
  declare rawEstimation: number

  @column()
  declare finalEstimation: number

  @column.dateTime()
  declare estimatedAt: DateTime | null

  @column(amount)
  declare officerPrice: number | null

  @column()
  declare officerCount: number | null

  @column()
  declare officerDay: number | null

  @column(amount)
  declare transportationPrice: number | null

  @column()
  declare transportationDay: number | null

  @column()
  declare transportationCount: number | null

  @column(amount)
  declare hotelPrice: number | null

  @column()
  declare hotelDay: number | null

  @column()
  declare hotelCount: number | null

  @column(amount)
  declare planePrice: number | null

  @column()
  declare planeCount: number | null

  @column(amount)
  declare planeLuggage: number | null

  @column({ consume: (value) => (value === null ? null : Boolean(value)) })
  declare planeIsPp: boolean | null

  @column.dateTime()
  declare accommodationSavedAt: DateTime | null
}
