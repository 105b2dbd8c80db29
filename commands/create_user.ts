import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Creates a staff login from the command line: the first administrator of an
 * installation without demo data, or any account the role editor cannot give
 * (yantek, treasurer, human_resource, the heads of the labs).
 */
export default class CreateUser extends BaseCommand {
  static commandName = 'kalibra:user'
  static description = 'Create a staff account with one or more roles'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Email used to sign in', required: true })
  declare email: string

  @flags.string({ description: 'Full name', required: true })
  declare name: string

  @flags.string({
    description:
      'Password: at least 8 characters, several words, numbers or symbols (common passwords are refused)',
    required: true,
  })
  declare password: string

  @flags.array({ description: 'Role, repeatable: --role=yantek --role=admin_pk', required: true })
  declare role: string[]

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: User } = await import('#models/user')
    const { default: UserRole } = await import('#models/user_role')
    const { STAFF_ROLES, isRole } = await import('#enums/roles')
    const { audit } = await import('#services/audit')

    const unknown = this.role.filter((role) => !isRole(role) || role === 'fasyankes')
    if (unknown.length) {
      this.logger.error(
        `Unknown staff role: ${unknown.join(', ')}. Known: ${STAFF_ROLES.join(', ')}`
      )
      this.exitCode = 1
      return
    }
    // The same rules as every password form of the app, the strength check included.
    const { commandPasswordValidator } = await import('#validators/auth')
    const { errors } = await import('@vinejs/vine')
    try {
      await commandPasswordValidator.validate(
        { password: this.password },
        { meta: { passwordUserInputs: [this.name, this.email] } }
      )
    } catch (error) {
      if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
      const [first] = error.messages as { message: string }[]
      this.logger.error(`Password refused: ${first.message}`)
      this.exitCode = 1
      return
    }
    if (await User.findBy('email', this.email.toLowerCase())) {
      this.logger.error(`${this.email} already has an account`)
      this.exitCode = 1
      return
    }
    await db.transaction(async (trx) => {
      const user = await User.create(
        { name: this.name, email: this.email.toLowerCase(), password: this.password },
        { client: trx }
      )
      await UserRole.createMany(
        this.role.map((role) => ({ userId: user.id, role: role as never })),
        { client: trx }
      )
      await audit(
        { user: null, ip: null },
        {
          action: 'user.create_cli',
          subjectType: 'user',
          subjectId: user.id,
          userName: 'ace kalibra:user',
          to: { email: user.email, roles: this.role },
        },
        trx
      )
    })
    this.logger.success(`Account ${this.email} created with roles ${this.role.join(', ')}`)
  }
}
