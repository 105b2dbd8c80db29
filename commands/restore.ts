import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Restores an archive of kalibra:backup into this (empty) installation, then runs the pending
 * migrations: app/backup/restore.ts. Stop the app first.
 */
export default class Restore extends BaseCommand {
  static commandName = 'kalibra:restore'
  static description = 'Restore a kalibra:backup archive into an empty installation'
  static options: CommandOptions = { startApp: false }

  @args.string({ description: 'The .tar.gz archive written by kalibra:backup' })
  declare archive: string

  @flags.boolean({ description: 'Overwrite a database that already holds data' })
  declare force?: boolean

  async run() {
    // Only the providers (database, drive): no connection is opened before the database is
    // put in place.
    await this.app.boot()
    const { restoreBackup } = await import('#backup/restore')
    const { BackupRefusal } = await import('#backup/refusal')
    try {
      await restoreBackup(this.archive, {
        force: Boolean(this.force),
        progress: (line) => this.logger.log(line),
      })
    } catch (error) {
      const message = (error as Error).message
      this.logger.error(
        error instanceof BackupRefusal ? message : `Pemulihan gagal / restore failed: ${message}`
      )
      this.exitCode = 1
      return
    }

    this.logger.log('[4/4] Menjalankan migrasi / running pending migrations')
    const { default: MigrationRun } = await import('@adonisjs/lucid/commands/migration/run')
    // Created from its class, not run by name (see commands/prepare_app.ts).
    const migration = await this.kernel.create(MigrationRun, ['--force', '--no-schema-generate'])
    await migration.exec()
    if (migration.exitCode) {
      this.exitCode = migration.exitCode
      return
    }
    this.logger.success('Pemulihan selesai / restore complete')
  }
}
