import app from '@adonisjs/core/services/app'
import { THEME_SCRIPT_HASH } from '#services/theme_script'
import { tileImageSources } from '#services/map_tiles'

/**
 * In development and in the test suite (where @adonisjs/vite always serves the
 * client through Vite's dev server) the page also loads the React refresh
 * preamble (inline) and the Vite client, and opens the HMR websocket.
 * Production (built assets) keeps the strict policy.
 */
const viteDevServer = app.inDev || app.inTest
const devServer = viteDevServer ? ' http://localhost:* ws://localhost:*' : ''

const CSP = [
  "default-src 'self'",
  // A hash in script-src makes browsers ignore 'unsafe-inline', so the dev
  // policy allows inline scripts instead of listing the theme script's hash.
  `script-src 'self' ${viteDevServer ? "'unsafe-inline' http://localhost:*" : `'${THEME_SCRIPT_HASH}'`}`,
  "style-src 'self' 'unsafe-inline'" + devServer,
  `img-src 'self' data: blob: ${tileImageSources().join(' ')}`,
  "font-src 'self' data:",
  `connect-src 'self'${devServer}`,
  "frame-src 'self' blob:",
  "object-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** Fingerprinted build output (public/assets): its name changes with its content. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * The headers every response carries, whoever answers it: the app's middleware,
 * or the HTTP server itself for a request it cannot parse (start/http_server.ts).
 * Nothing but fingerprinted assets may be stored by a browser or proxy: pages,
 * JSON, downloads, redirects and errors hold signed-in data.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
    'Cache-Control': 'no-store',
    ...(https ? { 'Strict-Transport-Security': 'max-age=15552000; includeSubDomains' } : {}),
  }
}
