import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { afterFind, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { TimestampedModel } from '#models/base_models'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { isRole, type Role } from '#enums/roles'
import { hasPermission, type Permission } from '#enums/permissions'
import { LAB_HEADS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import UserRole from '#models/user_role'
import Fasyankes from '#models/fasyankes'

export default class User extends compose(TimestampedModel, withAuthFinder(hash)) {
  @column()
  declare name: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare nip: string | null

  @column()
  declare rank: string | null

  @column()
  declare position: string | null

  @column()
  declare fasyankesId: number | null

  @column()
  declare telegramUsername: string | null

  @column()
  declare telegramChatId: string | null

  @hasMany(() => UserRole)
  declare roleRows: HasMany<typeof UserRole>

  @belongsTo(() => Fasyankes)
  declare fasyankes: BelongsTo<typeof Fasyankes>

  /** Roles are read on every request (menu, guards), so they come with the user. */
  @afterFind()
  static async loadRoles(user: User) {
    await user.load('roleRows')
  }

  get roles(): Role[] {
    return (this.roleRows ?? []).map((row) => row.role).filter(isRole)
  }

  get isFacility(): boolean {
    return this.roles.includes('fasyankes')
  }

  hasRole(...roles: Role[]): boolean {
    return roles.some((role) => this.roles.includes(role))
  }

  /** Whether the user heads this service lab: its estimations, teams, approvals and loans. */
  headsLab(lab: ServiceLab): boolean {
    return this.hasRole(LAB_HEADS[lab])
  }

  /** The service labs the user heads. */
  get headedLabs(): ServiceLab[] {
    return SERVICE_LABS.filter((lab) => this.headsLab(lab))
  }

  can(permission: Permission): boolean {
    return hasPermission(this.roles, permission)
  }
}
