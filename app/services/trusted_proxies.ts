import { createRequire } from 'node:module'

type TrustFunction = (address: string, hop: number) => boolean

// proxy-addr is what AdonisJS itself uses to read X-Forwarded-*; it ships no types.
const proxyAddr = createRequire(import.meta.url)('proxy-addr') as {
  compile(value: string | string[]): TrustFunction
}

/**
 * A list of addresses in a setting: comma-separated IPs, CIDR ranges or proxy-addr's keywords
 * (loopback, linklocal, uniquelocal), as a test of one address. Empty matches nothing. A wrong
 * entry throws a message naming the setting, so the server does not start with it.
 */
export function addressList(value: string | undefined | null, setting: string): TrustFunction {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return () => false
  try {
    return proxyAddr.compile(entries)
  } catch (error) {
    throw new Error(
      `${setting} tidak valid (${(error as Error).message}): isi dengan alamat IP, rentang CIDR, atau loopback/linklocal/uniquelocal, dipisah koma.`
    )
  }
}

/**
 * Which peers may tell the app the client's address (X-Forwarded-For,
 * X-Forwarded-Proto, X-Forwarded-Host): only the proxies named in
 * TRUSTED_PROXIES. Empty means none: a client can then never choose its own
 * IP, so the sign-in throttle and the audit log see the real peer.
 */
export function trustedProxies(value: string | undefined | null): TrustFunction {
  return addressList(value, 'TRUSTED_PROXIES')
}
