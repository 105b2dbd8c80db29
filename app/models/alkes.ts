import { column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { AlkesLaboratory } from '#enums/master_data'

const bool = { consume: (value: unknown) => Boolean(Number(value)) }

export default class Alkes extends TimestampedModel {
  static table = 'alkes'

  @column()
  declare name: string

  @column()
  declare laboratory: AlkesLaboratory

  @column()
  declare category: string | null

  /** Tariff in whole rupiah. */
  @column({ consume: (value) => Number(value) })
  declare price: number

  @column()
  declare minuteEstimation: number

  @column()
  declare alkesCode: string

  @column()
  declare mkCode: string | null

  @column()
  declare aspakCode: string | null

  @column()
  declare certificateNumber: string | null

  @column()
  declare totalPage: number | null

  @column()
  declare recalibrationMonths: number

  @column(bool)
  declare isTuntungSeharian: boolean

  @column(bool)
  declare pengujianIsKan: boolean

  @column(bool)
  declare kalibrasiIsKan: boolean

  @column(bool)
  declare hasLaikDescription: boolean
}
