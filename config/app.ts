import env from '#start/env'
import { defineConfig } from '@adonisjs/core/http'
import { trustedProxies } from '#services/trusted_proxies'

export const appKey = env.get('APP_KEY')
/** APP_URL as configured, if it is: the address users reach the app at. */
export const configuredAppUrl = env.get('APP_URL')
export const appUrl = configuredAppUrl ?? `http://${env.get('HOST')}:${env.get('PORT')}`

/**
 * Cookies are marked Secure when the app is served over https (APP_URL), so a
 * lab that runs it over plain http on its LAN can still sign in.
 */
/**
 * The request and header timeouts of the Node server (HTTP_REQUEST_TIMEOUT_MS,
 * HTTP_HEADERS_TIMEOUT_MS), when configured; app/services/http_server.ts has the defaults.
 */
export const httpTimeoutSettings = {
  requestMs: env.get('HTTP_REQUEST_TIMEOUT_MS'),
  headersMs: env.get('HTTP_HEADERS_TIMEOUT_MS'),
}

/** The map's tile server and its attribution (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), if set. */
export const mapTileSettings = {
  url: env.get('MAP_TILE_URL'),
  attribution: env.get('MAP_TILE_ATTRIBUTION'),
}

export const secureCookies = appUrl.startsWith('https://')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: true,
  useAsyncLocalStorage: false,
  // X-Forwarded-* is read only from the proxies named in TRUSTED_PROXIES (none by default).
  trustProxy: trustedProxies(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
  },
})
