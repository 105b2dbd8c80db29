import limiter from '@adonisjs/limiter/services/main'
import { errors as authErrors } from '@adonisjs/auth'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { audit } from '#services/audit'

export const MAX_FAILED_SIGN_INS = 5

type SignInResult =
  | { status: 'signed_in'; user: User }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number }

/**
 * Checks the credentials, counting failures per email and IP: after five
 * failures within a minute the pair is refused (429) for that minute, even
 * with the right password. Every attempt is audited.
 */
export async function signIn(email: string, password: string, ip: string): Promise<SignInResult> {
  const attempts = limiter.use({
    requests: MAX_FAILED_SIGN_INS,
    duration: '1 min',
    blockDuration: '1 min',
  })
  const key = `sign_in_${email.toLowerCase()}_${ip}`

  if ((await attempts.remaining(key)) <= 0 || (await attempts.isBlocked(key))) {
    await audit(
      { user: null, ip },
      { action: 'auth.sign_in_throttled', subjectType: 'user', userName: email.slice(0, 150) }
    )
    return { status: 'throttled', retryAfterSeconds: Math.max(1, await attempts.availableIn(key)) }
  }

  try {
    const user = await User.verifyCredentials(email, password)
    await attempts.delete(key)
    await audit({ user, ip }, { action: 'auth.sign_in', subjectType: 'user', subjectId: user.id })
    return { status: 'signed_in', user }
  } catch (error) {
    if (!(error instanceof authErrors.E_INVALID_CREDENTIALS)) throw error
    await attempts.increment(key)
    await db.transaction(async (trx) => {
      await audit(
        { user: null, ip },
        { action: 'auth.sign_in_failed', subjectType: 'user', userName: email.slice(0, 150) },
        trx
      )
    })
    return { status: 'invalid' }
  }
}
