import env from '#start/env'
import { defineConfig } from '@adonisjs/core/http'
import { trustedProxies } from '#services/trusted_proxies'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL') ?? `http://${env.get('HOST')}:${env.get('PORT')}`

/**
 * Cookies are marked Secure when the app is served over https (APP_URL), so a
 * lab that runs it over plain http on its LAN can still sign in.
 */
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
