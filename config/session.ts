import cluster from 'node:cluster'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { secureCookies } from '#config/app'
import { defineConfig } from '@adonisjs/session'
import { databaseSessions, redisSessions } from '#services/session_stores'

/**
 * Sessions live on the server, so logout, a password change or "end all
 * sessions" really end them: in the app's database by default (every worker
 * and machine shares it), in Redis when configured, in memory for tests.
 * `cookie` kept the whole session in the browser, where an ended session
 * could be replayed; older .env files still name it and it now means
 * `database`, so an upgrade starts.
 */
export function resolveSessionDriver(requested: string | undefined) {
  return requested === 'cookie' || !requested ? 'database' : (requested as 'redis' | 'memory')
}

const requested = env.get('SESSION_DRIVER')
export const sessionDriver = resolveSessionDriver(requested)

if (requested === 'cookie') {
  void app.booted(async () => {
    // Once when the server starts listening (first worker only), not in every ace command.
    const emitter = await app.container.make('emitter')
    emitter.on('http:server_ready', async () => {
      if (cluster.worker && cluster.worker.id !== 1) return
      const logger = await app.container.make('logger')
      logger.warn(
        'SESSION_DRIVER=cookie sudah tidak dipakai dan dibaca sebagai database (sesi disimpan di tabel sessions). Ubah .env menjadi SESSION_DRIVER=database atau redis.'
      )
    })
  })
}

export default defineConfig({
  enabled: true,
  cookieName: 'kalibra-session',
  clearWithBrowser: false,
  age: '8h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
  },
  store: sessionDriver,
  stores: {
    database: databaseSessions(),
    // Redis is connected only when it is the chosen store.
    ...(sessionDriver === 'redis' ? { redis: redisSessions() } : {}),
  } as { database: ReturnType<typeof databaseSessions>; redis?: ReturnType<typeof redisSessions> },
})
