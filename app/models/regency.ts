import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Regency extends BaseModel {
  static table = 'regencies'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare code: string

  @column()
  declare provinceCode: string

  @column()
  declare name: string
}
