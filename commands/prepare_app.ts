import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { loadData } from './prepare_database.js'

/**
 * What `npm start` (bin/start.js) runs before serving, in one boot of the app instead of one
 * per step: the pending migrations (as `migration:run --force`), then the reference data and,
 * on a first run with DEMO_DATA=true, the demo data (as `kalibra:demo`). A migration that fails
 * stops here with exit code 1, before any data is loaded and before the server starts.
 *
 * Only the providers are booted (database, models, hashing), not the preload files (every
 * route file with what it imports, the middleware, view globals): neither the migrations nor
 * the reference data need them, and importing them was about half of the command's time. The
 * whole app is started only when demo data is loaded (a first run), as kalibra:demo does.
 */
export default class PrepareApp extends BaseCommand {
  static commandName = 'kalibra:prepare'
  static description = 'Run pending migrations, then load reference data (and demo data)'
  static options: CommandOptions = { startApp: false }

  async run() {
    await this.app.boot()

    this.logger.log('\n> Menjalankan migrasi basis data')
    const { default: MigrationRun } = await import('@adonisjs/lucid/commands/migration/run')
    // Created from its class, not run by name (kernel.exec): a command looked up by name with
    // startApp makes Ace start the whole app first. Models declare their own columns: no schema
    // classes to generate (outside production that would be a second command, started by name).
    const migration = await this.kernel.create(MigrationRun, ['--force', '--no-schema-generate'])
    await migration.exec()
    if (migration.exitCode) {
      // migration:run has printed which migration failed and why: exit 1 without printing it again.
      this.exitCode = migration.exitCode
      return
    }

    this.logger.log('\n> Memuat data referensi')
    await loadData(this.logger, () => this.app.start(() => {}))
  }
}
