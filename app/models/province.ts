import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Regency from '#models/regency'

export default class Province extends BaseModel {
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare code: string

  @column()
  declare name: string

  @hasMany(() => Regency, { foreignKey: 'provinceCode' })
  declare regencies: HasMany<typeof Regency>
}
