process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'
import { configure, processCLIArgs, run } from '@japa/runner'

/**
 * Each run gets its own port and SQLite file unless told otherwise, so tests
 * can run beside a dev server or another test run.
 */
function listenOn(port: number) {
  return new Promise<number | null>((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo
      server.close(() => resolve(bound))
    })
  })
}
process.env.PORT ??= String((await listenOn(3334)) ?? (await listenOn(0)))
const ownDatabase = !process.env.SQLITE_PATH
process.env.SQLITE_PATH ??= `tmp/test-${process.pid}.sqlite3`
// Uploads of this run go to their own folder, removed at the end.
const ownStorage = !process.env.STORAGE_PATH
process.env.STORAGE_PATH ??= `tmp/storage-${process.pid}`
const removeOwnDatabase = async () => {
  if (ownStorage) await rm(process.env.STORAGE_PATH!, { recursive: true, force: true })
  if (!ownDatabase) return
  for (const suffix of ['', '-wal', '-shm'])
    await rm(`${process.env.SQLITE_PATH}${suffix}`, { force: true })
}

createIgnitor()
  .tap((app) => {
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate(), removeOwnDatabase]),
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
