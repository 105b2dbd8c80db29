import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class FasyankesCategory extends BaseModel {
  static table = 'fasyankes_categories'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
