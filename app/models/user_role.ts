import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { Role } from '#enums/roles'

export default class UserRole extends BaseModel {
  static table = 'user_roles'

  @column({ isPrimary: true })
  declare userId: number

  @column({ isPrimary: true })
  declare role: Role
}
