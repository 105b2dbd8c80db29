import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { securityHeaders } from '#services/security_headers'

/**
 * Security headers (and Cache-Control: no-store) on every response: pages,
 * JSON, downloads, redirects, 404s and errors. Registered first in the server
 * stack so nothing can answer before it runs; the static file server replaces
 * Cache-Control for the fingerprinted assets only (config/static.ts).
 */
export default class SecurityHeadersMiddleware {
  handle({ request, response }: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(securityHeaders(request.protocol() === 'https'))) {
      response.header(name, value)
    }
    return next()
  }
}
