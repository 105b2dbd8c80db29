import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Nothing but the built client assets may be served from public/: a server
 * bundle or source map that lands there by mistake must not be downloadable.
 */
export default class SsrGuardMiddleware {
  handle({ request, response }: HttpContext, next: NextFn) {
    const url = request.url()
    if (/^\/(ssr|assets\/\.vite|\.)/.test(url) || url.endsWith('.map')) {
      return response.notFound('Not found')
    }
    return next()
  }
}
