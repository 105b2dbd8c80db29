/**
 * The operator endpoints (/health/*, /metrics) of the in-process test server, asked as a load
 * balancer or Prometheus would: plain GETs, with or without the bearer token. Not a spec file.
 */
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import db from '@adonisjs/lucid/services/db'
import metricsConfig from '#config/metrics'
import { forgetReadiness } from '#services/health_checks'

export const OPERATOR_TOKEN = 'uji-token-operator-0123456789abcdef'

/** GET on the test server; `token: true` sends the operator's token, a string sends that one. */
export async function operatorGet(
  path: string,
  options: { token?: boolean | string; headers?: Record<string, string> } = {}
) {
  const token = options.token === true ? OPERATOR_TOKEN : options.token
  const response = await fetch(`http://localhost:${process.env.PORT}${path}`, {
    redirect: 'manual',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) }
}

/** The status code alone. */
export async function operatorStatus(path: string, options: { token?: boolean | string } = {}) {
  const { status } = await operatorGet(path, options)
  return status
}

/** The keys of a JSON answer: what a caller is shown. */
export async function operatorKeys(path: string, options: { token?: boolean | string } = {}) {
  const answer = await operatorGet(path, options)
  return Object.keys(answer.json())
}

/**
 * Each test of the group runs with these operator settings (by default the token and no
 * address list) and what the checks learnt forgotten; both are restored after it.
 */
export function withOperatorSettings(
  group: { each: { setup(fn: () => unknown): void } },
  settings: { token?: string; allow?: string } = { token: OPERATOR_TOKEN }
) {
  group.each.setup(() => {
    const before = { ...metricsConfig }
    metricsConfig.token = settings.token ? new Secret(settings.token) : undefined
    metricsConfig.allow = settings.allow ?? ''
    forgetReadiness()
    return () => {
      Object.assign(metricsConfig, before)
      forgetReadiness()
    }
  })
}

/**
 * Runs `work` while the app's database cannot be reached (PostgreSQL on a port nobody listens
 * on, SQLite in a folder that does not exist), then gives the app its database back.
 */
export async function whileDatabaseUnreachable<T>(work: () => Promise<T>) {
  const name = db.primaryConnectionName
  const original = db.getRawConnection(name)!.config
  const connection =
    original.client === 'pg'
      ? { host: '127.0.0.1', port: 1, user: 'x', database: 'x' }
      : { filename: app.makePath('tmp', `tidak-ada-${process.pid}`, 'db.sqlite3') }
  db.manager.patch(name, { ...original, connection } as typeof original)
  try {
    return await work()
  } finally {
    db.manager.patch(name, original)
  }
}
