import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import string from '@adonisjs/core/helpers/string'

/** Younger files may belong to a request still running: never less than this. */
const SHORTEST_GRACE_MS = 60 * 60 * 1000

function durationMs(text: string) {
  try {
    return string.milliseconds.parse(text)
  } catch {
    return Number.NaN
  }
}

/**
 * Finds stored files no row references, older than a grace period (app/files/file_sweep.ts),
 * on the configured disk (local or S3). A dry run by default: prints each file and the total
 * bytes; `--delete` removes them.
 */
export default class SweepFiles extends BaseCommand {
  static commandName = 'kalibra:sweep-files'
  static description = 'List (or, with --delete, remove) stored files that no row references'
  static options: CommandOptions = { startApp: true }

  @flags.string({
    description: 'Only files older than this (24h, 3d; at least 1h)',
    default: '24h',
  })
  declare olderThan: string

  @flags.boolean({ description: 'Remove the files found (without it, only list them)' })
  declare delete?: boolean

  async run() {
    const olderThanMs = durationMs(this.olderThan)
    if (!Number.isFinite(olderThanMs) || olderThanMs < SHORTEST_GRACE_MS) {
      this.logger.error(
        `--older-than must be a duration of at least 1h (24h, 3d): ${this.olderThan}`
      )
      this.exitCode = 1
      return
    }
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { sweepFiles } = await import('#files/file_sweep')
    const result = await sweepFiles(db.connection(), { olderThanMs, remove: !!this.delete })
    for (const file of result.orphans) {
      this.logger.log(`${file.key}\t${file.size} bytes\t${file.lastModified.toISOString()}`)
    }
    const summary = `${result.orphans.length} unreferenced file(s) older than ${this.olderThan}, ${result.bytes} bytes in all (${result.listed} listed)`
    if (this.delete) this.logger.log(`REMOVED ${result.removed} of ${summary}`)
    else this.logger.log(`DRY RUN: ${summary}; run with --delete to remove them`)
    if (this.delete && result.removed < result.orphans.length) this.exitCode = 1
  }
}
