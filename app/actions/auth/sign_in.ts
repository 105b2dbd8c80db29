import { errors as authErrors } from '@adonisjs/auth'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { audit } from '#services/audit'
import { hit, reset, type ThrottleRule } from '#services/throttle'

export const MAX_FAILED_SIGN_INS = 5
export const ACCOUNT_FREE_FAILURES = 10

const SECOND = 1000
const MINUTE = 60 * SECOND

/** Five failures for one email from one address within a minute: that pair waits a minute. */
export const perAddress: ThrottleRule = {
  name: 'sign_in.address',
  limit: MAX_FAILED_SIGN_INS,
  windowMs: MINUTE,
  blockMs: () => MINUTE,
}

/**
 * Whatever the address: from the tenth failure for one email on (within a day),
 * each failure makes that email wait 30 s, 1 min, 2 min, ... at most 15 min.
 * A back-off, not a lock: the owner can always sign in once it has passed.
 */
export const perAccount: ThrottleRule = {
  name: 'sign_in.account',
  limit: ACCOUNT_FREE_FAILURES,
  windowMs: 24 * 60 * MINUTE,
  blockMs: (attempt) => Math.min(30 * SECOND * 2 ** (attempt - ACCOUNT_FREE_FAILURES), 15 * MINUTE),
}

type SignInResult =
  | { status: 'signed_in'; user: User }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number }

/**
 * Checks the credentials under two throttles (per email and IP, per email
 * alone; counters in the database, shared by every worker). A throttled
 * attempt is refused (429) even with the right password; a success clears
 * both counters. Every attempt is audited.
 */
export async function signIn(email: string, password: string, ip: string): Promise<SignInResult> {
  const account = email.toLowerCase()
  const address = `${account}\n${ip}`

  for (const [rule, subject] of [
    [perAddress, address],
    [perAccount, account],
  ] as const) {
    const decision = await hit(rule, subject)
    if (!decision.allowed) {
      await audit(
        { user: null, ip },
        { action: 'auth.sign_in_throttled', subjectType: 'user', userName: email.slice(0, 150) }
      )
      return { status: 'throttled', retryAfterSeconds: decision.retryAfterSeconds }
    }
  }

  try {
    const user = await User.verifyCredentials(email, password)
    await reset(perAddress, address)
    await reset(perAccount, account)
    await audit({ user, ip }, { action: 'auth.sign_in', subjectType: 'user', subjectId: user.id })
    return { status: 'signed_in', user }
  } catch (error) {
    if (!(error instanceof authErrors.E_INVALID_CREDENTIALS)) throw error
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
