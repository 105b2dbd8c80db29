import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { SessionCollection } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import type User from '#models/user'

let resolvedConfig: Promise<ResolvedSessionConfig> | undefined

/**
 * A fresh collection for each use: its store takes the database connection of
 * the moment (the container's singleton would keep the first one for good).
 */
async function collection() {
  resolvedConfig ??= configProvider
    .resolve<ResolvedSessionConfig>(app, app.config.get('session'))
    .then((config) => {
      if (!config) throw new Error('config/session.ts does not use defineConfig')
      return config
    })
  return new SessionCollection(await resolvedConfig)
}

/** Signs the user in and tags the new session with their id, so it can be ended later. */
export async function startUserSession(ctx: HttpContext, user: User) {
  await ctx.auth.use('web').login(user)
  await ctx.session.tag(String(user.id))
}

/**
 * Ends every stored session of the user except `keepSessionId` (the session
 * that changed its own password). Returns how many were ended. Call it after
 * the change's transaction committed: the store uses its own connection.
 */
export async function endUserSessions(userId: number, keepSessionId?: string) {
  const sessions = await collection()
  let ended = 0
  for (const { id } of await sessions.tagged(String(userId))) {
    if (id === keepSessionId) continue
    await sessions.destroy(id)
    ended++
  }
  return ended
}

/**
 * Ends the user's sessions once the transaction that changed their password
 * or roles has committed (not at all if it rolls back).
 */
export function endUserSessionsOnCommit(
  trx: TransactionClientContract,
  userId: number,
  keepSessionId?: string
) {
  trx.after('commit', async () => {
    try {
      await endUserSessions(userId, keepSessionId)
    } catch (error) {
      logger.error({ err: error, userId }, 'could not end the sessions of a user')
    }
  })
}
