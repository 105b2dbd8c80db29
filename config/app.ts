import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

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
  trustProxy: () => app.inProduction,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
  },
})
