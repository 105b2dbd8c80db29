import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/** REDIS_URL (redis://user:pass@host:port/db, rediss:// for TLS) or REDIS_HOST, REDIS_PORT, REDIS_PASSWORD. */
function connection() {
  const url = env.get('REDIS_URL')
  if (url) {
    const parsed = new URL(url)
    return {
      host: parsed.hostname,
      port: Number(parsed.port || 6379),
      username: decodeURIComponent(parsed.username) || undefined,
      password: decodeURIComponent(parsed.password) || undefined,
      db: Number(parsed.pathname.slice(1) || 0),
      tls: parsed.protocol === 'rediss:' ? {} : undefined,
    }
  }
  return {
    host: env.get('REDIS_HOST', '127.0.0.1'),
    port: env.get('REDIS_PORT', 6379),
    password: env.get('REDIS_PASSWORD') || undefined,
    db: 0,
  }
}

/**
 * Each test run gets its own keys: the test database starts afresh and reuses
 * user ids, so the session tags of an earlier run must not be seen.
 */
export const redisKeyPrefix = app.inTest ? `kalibra:test:${process.pid}:` : 'kalibra:'

/** Only used when SESSION_DRIVER=redis: nothing connects otherwise. */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...connection(),
      keyPrefix: redisKeyPrefix,
      retryStrategy(times) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
