import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

export default class FasyankesClass extends IdentifiedModel {
  static table = 'fasyankes_classes'

  @column()
  declare name: string
}
