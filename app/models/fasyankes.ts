import { belongsTo, column } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Province from '#models/province'
import Regency from '#models/regency'
import FasyankesCategory from '#models/fasyankes_category'
import FasyankesClass from '#models/fasyankes_class'

export default class Fasyankes extends TimestampedModel {
  static table = 'fasyankes'

  @column()
  declare fasyankesName: string

  @column()
  declare phone: string | null

  @column()
  declare address: string | null

  @column()
  declare type: 'Negeri' | 'Swasta'

  @column()
  declare provinceCode: string | null

  @column()
  declare cityCode: string | null

  @column()
  declare categoryId: number | null

  @column()
  declare classId: number | null

  @column()
  declare pic: string | null

  @column()
  declare picPhone: string | null

  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare latitude: number | null

  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare longitude: number | null

  @belongsTo(() => Province, { foreignKey: 'provinceCode' })
  declare province: BelongsTo<typeof Province>

  @belongsTo(() => Regency, { foreignKey: 'cityCode' })
  declare city: BelongsTo<typeof Regency>

  @belongsTo(() => FasyankesCategory, { foreignKey: 'categoryId' })
  declare category: BelongsTo<typeof FasyankesCategory>

  @belongsTo(() => FasyankesClass, { foreignKey: 'classId' })
  declare class: BelongsTo<typeof FasyankesClass>
}
