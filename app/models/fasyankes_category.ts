import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

export default class FasyankesCategory extends IdentifiedModel {
  static table = 'fasyankes_categories'

  @column()
  declare name: string
}
