import type { HttpRequest } from '@adonisjs/core/http'
import { safeEqual } from '@adonisjs/core/helpers'
import metricsConfig from '#config/metrics'
import { addressList } from '#services/trusted_proxies'

/**
 * Whether a request may read what is only for the lab's operators (/metrics, the checks of
 * /health/ready): `closed` when neither METRICS_TOKEN nor METRICS_ALLOW is set, `granted` for
 * the right bearer token (compared in constant time) or an allowed address, else `refused`.
 */
export type OperatorAccess = 'granted' | 'refused' | 'closed'

let allowList: { value: string; matches: (address: string, hop: number) => boolean } | undefined

function allowed(address: string) {
  // Compiled once per value (config/metrics.ts; the tests change it).
  if (allowList?.value !== metricsConfig.allow) {
    allowList = {
      value: metricsConfig.allow,
      matches: addressList(metricsConfig.allow, 'METRICS_ALLOW'),
    }
  }
  return allowList.matches(address, 0)
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: HttpRequest) {
  const match = /^Bearer +(\S+) *$/i.exec(request.header('authorization') ?? '')
  return match ? match[1] : null
}

export function operatorAccess(request: HttpRequest): OperatorAccess {
  const token = metricsConfig.token?.release()
  if (!token && !metricsConfig.allow) return 'closed'
  const given = bearerToken(request)
  if (token && given !== null && safeEqual(token, given)) return 'granted'
  if (metricsConfig.allow && allowed(request.ip())) return 'granted'
  return 'refused'
}
