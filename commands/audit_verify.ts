import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Walks the audit log's hash chain (app/services/audit_chain.ts) from the
 * first row to the last. Prints OK with the number of rows and the hash of
 * the last one, or names the first row that does not hold and exits 1.
 * Keep the printed head elsewhere and pass it to a later run (--head): rows
 * cut off the end of the chain are only noticed that way.
 */
export default class AuditVerify extends BaseCommand {
  static commandName = 'kalibra:audit-verify'
  static description = 'Verify the hash chain of the audit log'
  static options: CommandOptions = { startApp: true }

  @flags.string({
    description: 'A chain head printed by an earlier run: it must still be in the chain',
  })
  declare head?: string

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { verifyChain } = await import('#services/audit_chain')
    const head = this.head?.trim().toLowerCase()
    const result = await verifyChain(db.connection(), { contains: head ? [head] : [] })
    if (result.ok && head && !result.contains.includes(head)) {
      this.logger.error(
        `MISSING: the earlier chain head ${head} is not in the chain of ${result.count} rows (rows removed from its end, or another database)`
      )
      this.exitCode = 1
      return
    }
    if (result.ok) {
      this.logger.log(`OK: ${result.count} audit rows, chain head ${result.head}`)
      return
    }
    this.logger.error(
      `BROKEN at audit row id ${result.id} (${result.field}): expected ${result.expected}, found ${result.found ?? 'NULL'}; ${result.count} rows before it are intact`
    )
    this.exitCode = 1
  }
}
