import { createRequire } from 'node:module'
import { createServer, type Server, type Socket } from 'node:net'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import {
  HOST,
  freePort,
  onPostgres,
  sharedThrowawayDatabase,
  startServer,
  type Throwaway,
} from '#tests/helpers/app_process'

const require = createRequire(import.meta.url)

/** An SMTP server that takes connections and never says a word (no 220 greeting). */
class SilentMailServer {
  connections = 0
  private sockets = new Set<Socket>()
  private server: Server = createServer((socket) => {
    this.connections++
    this.sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => this.sockets.delete(socket))
  })

  async start() {
    const port = await freePort()
    await new Promise<void>((resolve) => this.server.listen(port, HOST, () => resolve()))
    return port
  }

  stop() {
    for (const socket of this.sockets) socket.destroy()
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** A writable statement on the throwaway database (its `query` opens SQLite read-only). */
async function write(throwaway: Throwaway, sql: string, bindings: unknown[]) {
  if (onPostgres()) {
    await throwaway.query(sql, bindings)
    return
  }
  const Database = require('better-sqlite3')
  const connection = new Database(app.makePath(throwaway.env.SQLITE_PATH!))
  try {
    connection.prepare(sql).run(bindings)
  } finally {
    connection.close()
  }
}

/** Waits until `check` holds, asking every 200 ms, for at most `seconds`. */
async function eventually(check: () => boolean | Promise<boolean>, seconds = 30) {
  const until = Date.now() + seconds * 1000
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/**
 * Issue 33, point 7: an e-mail being sent to a mail server that never answers does not hold
 * the shutdown. On SIGTERM the delivery is abandoned and its message given back to the outbox
 * (pending, its attempt not counted), and the worker exits cleanly, not forced at
 * SHUTDOWN_TIMEOUT.
 */
test.group('Outbox | shutdown while an e-mail is being sent', (group) => {
  let throwaway: Throwaway
  let smtp: SilentMailServer

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    smtp = new SilentMailServer()
    return () => smtp.stop()
  })

  test('SIGTERM gives the message back and the worker exits cleanly', async ({ assert }) => {
    const smtpPort = await smtp.start()
    const address = `diam-${Date.now()}@uji.kalibra.test`
    await write(
      throwaway,
      `INSERT INTO outbox_messages (channel, address, subject, body, status, attempts, next_attempt_at, created_at)
       VALUES ('email', ?, 'Uji', 'Pesan uji', 'pending', 0, '2000-01-01 00:00:00', '2000-01-01 00:00:00')`,
      [address]
    )
    const row = async () => {
      const [found] = await throwaway.query<{
        status: string
        attempts: number
        claimed_until: unknown
      }>('SELECT status, attempts, claimed_until FROM outbox_messages WHERE address = ?', [address])
      return found
    }

    const server = await startServer(throwaway, {
      workers: 1,
      env: {
        SMTP_HOST: HOST,
        SMTP_PORT: String(smtpPort),
        REMINDER_HOUR: '-1',
        // Forced exits answer 1; a clean one 0 well before this.
        SHUTDOWN_TIMEOUT: '20',
      },
    })
    try {
      assert.isTrue(
        await eventually(async () => {
          const current = await row()
          return smtp.connections > 0 && current.status === 'sending'
        }),
        `the delivery did not start:\n${server.output().slice(-2000)}`
      )
      server.child.kill('SIGTERM')
      assert.equal(await server.exited, 0, `forced exit:\n${server.output().slice(-2000)}`)
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }

    const after = await row()
    assert.equal(after.status, 'pending')
    assert.equal(Number(after.attempts), 0, 'the abandoned attempt is not counted')
    assert.isNull(after.claimed_until)
  }).timeout(180_000)
})
