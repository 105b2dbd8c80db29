import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { THEME_SCRIPT_HASH } from '#services/theme_script'

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
  "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
  "font-src 'self' data:",
  `connect-src 'self'${devServer}`,
  "frame-src 'self' blob:",
  "object-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * Security headers on every response: pages, JSON, downloads, 404s and errors.
 * Registered first in the server stack so nothing can answer before it runs.
 */
export default class SecurityHeadersMiddleware {
  handle({ request, response }: HttpContext, next: NextFn) {
    response.header('Content-Security-Policy', CSP)
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('X-Frame-Options', 'SAMEORIGIN')
    response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    response.header('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()')
    if (request.protocol() === 'https') {
      response.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
    }
    return next()
  }
}
