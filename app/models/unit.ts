import { column } from '@adonisjs/lucid/orm'
import { IdentifiedModel } from '#models/base_models'

export default class Unit extends IdentifiedModel {
  @column()
  declare name: string
}
