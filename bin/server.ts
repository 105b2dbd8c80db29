// `node server.js` on its own serves the built app.
process.env.NODE_ENV ??= 'production'

import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'
import type { ApplicationService } from '@adonisjs/core/types'
import type { AppHttpServer } from '#services/http_server'

/** Longest wait for requests in flight at shutdown (SHUTDOWN_TIMEOUT, seconds). */
const SHUTDOWN_TIMEOUT_MS = (Number(process.env.SHUTDOWN_TIMEOUT) || 10) * 1000

let createAppHttpServer: typeof import('#services/http_server').createAppHttpServer
let httpServer: AppHttpServer | undefined
let stopNotifications: (() => Promise<void>) | undefined
let stopping = false

/**
 * SIGTERM or SIGINT: stop taking connections, let the requests in flight
 * finish (at most SHUTDOWN_TIMEOUT), close the database, exit. Nothing left
 * open (a pool timer, a socket) can keep the process alive past that.
 */
function shutDown(app: ApplicationService, signal: string) {
  if (stopping) return
  stopping = true
  console.log(
    `${signal}: menyelesaikan permintaan yang berjalan, lalu berhenti (pid ${process.pid})`
  )
  setTimeout(() => {
    console.error(
      `Berhenti paksa: permintaan masih berjalan setelah ${SHUTDOWN_TIMEOUT_MS / 1000} detik`
    )
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS).unref()
  httpServer?.drain()
  Promise.resolve(stopNotifications?.())
    .catch(() => {})
    .then(() => app.terminate())
    .then(
      () => process.exit(0),
      (error) => {
        prettyPrintError(error)
        process.exit(1)
      }
    )
}

createIgnitor()
  .tap((app) => {
    app.booted(async () => {
      ;({ createAppHttpServer } = await import('#services/http_server'))
    })
    app.listen('SIGTERM', () => shutDown(app, 'SIGTERM'))
    app.listen('SIGINT', () => shutDown(app, 'SIGINT'))
  })
  .httpServer()
  .start((handler) => {
    httpServer = createAppHttpServer(handler)
    // The export process made ready now: an export's first byte does not wait for it to load.
    void import('#lists/exports/export_process').then(({ warmExportProcess }) =>
      warmExportProcess()
    )
    // Expired sessions swept from the database now and then (app/services/session_sweep.ts).
    void import('#services/session_sweep').then(({ startSessionSweep }) => startSessionSweep())
    // SQLite reads on reader threads, off the request thread (database/sqlite_readers.ts).
    void import('#database/sqlite_readers').then(({ startConfiguredReaders }) =>
      startConfiguredReaders()
    )
    // Notifications: the outbox, the bot's updates and the daily reminders (issue 17).
    void import('#notifications/background').then(({ startNotificationWork }) => {
      stopNotifications = startNotificationWork()
    })
    return httpServer.server
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
