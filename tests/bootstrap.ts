import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { apiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { chromiumLaunchOptions } from '#tests/helpers/chromium'
import { sessionStoreApiClient } from '#tests/helpers/session_plugin'

export const plugins: Config['plugins'] = [
  assert(),
  pluginAdonisJS(app),
  apiClient(),
  // The app's own session store (database by default), not a separate in-memory one.
  sessionStoreApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: (config) =>
      import('playwright').then(({ chromium }) =>
        chromium.launch({ ...config, ...chromiumLaunchOptions() })
      ),
  }),
  sessionBrowserClient(app),
  authBrowserClient(app),
]

/**
 * One database for the whole run: migrated from scratch, then loaded with the
 * reference and demo data every test can rely on. Each test that writes wraps
 * itself in a global transaction.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      // Start from an empty schema even if an earlier run was interrupted.
      const ace = await app.container.make('ace')
      for (const command of ['migration:reset', 'migration:run']) {
        const run = await ace.exec(command, ['--force', '--compact-output'])
        if (run.exitCode) throw run.error ?? new Error(`${command} failed`)
      }
      const { seedReferenceData } = await import('#database/seeders/reference_data')
      const { seedDemoData } = await import('#database/seeders/demo_data')
      await seedReferenceData()
      await seedDemoData()
    },
  ],
  teardown: [
    async () => {
      // A Redis test run (SESSION_DRIVER=redis) removes the keys it wrote under its own prefix.
      const { sessionDriver } = await import('#config/session')
      if (sessionDriver !== 'redis') return
      const { redisKeyPrefix } = await import('#config/redis')
      const redis = await app.container.make('redis')
      const connection = redis.connection('main')
      const keys: string[] = []
      for await (const batch of connection.scanStream({ match: `${redisKeyPrefix}*` })) {
        keys.push(...(batch as string[]).map((key) => key.slice(redisKeyPrefix.length)))
      }
      if (keys.length) await connection.del(...keys)
    },
  ],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'process') {
    return suite.teardown(async () => {
      const { dropSharedThrowawayDatabase } = await import('#tests/helpers/app_process')
      await dropSharedThrowawayDatabase()
    })
  }
  if (suite.name === 'unit') {
    // Route names resolve to URLs (the menu, links) once the routes are committed; no server starts.
    return suite.setup(async () => {
      const router = await app.container.make('router')
      router.commit()
    })
  }
  if (['browser', 'functional'].includes(suite.name)) {
    // The app's own Node server (early-error answers included), as bin/server.ts starts it.
    return suite.setup(async () => {
      const { createAppHttpServer } = await import('#services/http_server')
      return testUtils.httpServer().start((handler) => createAppHttpServer(handler).server)
    })
  }
}
