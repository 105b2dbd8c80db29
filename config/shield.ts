import { defineConfig } from '@adonisjs/shield'
import { secureCookies } from '#config/app'

/**
 * Shield guards writes with CSRF. The response headers (CSP, frame, nosniff,
 * referrer, HSTS) are set by the security_headers middleware instead, because
 * it runs on every response, including 404s, errors and downloads.
 */
export default defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    exceptRoutes: [],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    cookieOptions: { secure: secureCookies, sameSite: 'lax' },
  },
  xFrame: { enabled: false },
  hsts: { enabled: false },
  contentTypeSniffing: { enabled: false },
})
