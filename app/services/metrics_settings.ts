import { Secret } from '@adonisjs/core/helpers'
import { addressList } from '#services/trusted_proxies'

/**
 * The rules of METRICS_TOKEN and METRICS_ALLOW (start/env.ts): a wrong value stops the start
 * with a message naming the setting, instead of leaving /metrics open or shut by surprise.
 */
export const METRICS_TOKEN_MIN_LENGTH = 24

/** A bearer token nobody can guess: at least 24 characters, no spaces. */
export function metricsToken(key: string, value?: string) {
  if (!value) return undefined
  if (value.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(value)) {
    throw new Error(
      `${key} tidak valid: minimal ${METRICS_TOKEN_MIN_LENGTH} karakter tanpa spasi (misalnya dari: openssl rand -hex 32).`
    )
  }
  return new Secret(value)
}

/** IPs, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated, as TRUSTED_PROXIES. */
export function metricsAllow(key: string, value?: string) {
  addressList(value, key)
  return value?.trim() || undefined
}
