import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class FasyankesClass extends BaseModel {
  static table = 'fasyankes_classes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
