import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Writes one consistent archive of the installation (database snapshot, stored files, manifest
 * and checksums) while the app keeps serving: app/backup/backup.ts.
 */
export default class Backup extends BaseCommand {
  static commandName = 'kalibra:backup'
  static description = 'Back up the database and the stored files into one .tar.gz archive'
  static options: CommandOptions = { startApp: false }

  @flags.string({
    description: 'The archive to write (default storage/backups/kalibra-<time>.tar.gz)',
  })
  declare to?: string

  async run() {
    await this.app.boot()
    const { writeBackup, defaultArchiveName } = await import('#backup/backup')
    const archive = this.to?.trim() || this.app.makePath('storage', 'backups', defaultArchiveName())
    try {
      const done = await writeBackup(archive, (line) => this.logger.log(line))
      const { manifest } = done
      this.logger.success(
        `Cadangan selesai / backup written: ${done.archive} (${done.size} byte, sha256 ${done.sha256}; ` +
          `${manifest.files.entries.length} berkas, ${manifest.files.missing.length} tidak ada)`
      )
    } catch (error) {
      this.logger.error(`Pencadangan gagal / backup failed: ${(error as Error).message}`)
      this.exitCode = 1
    }
  }
}
