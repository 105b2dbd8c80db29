import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { apiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { chromiumLaunchOptions } from '#tests/helpers/chromium'

export const plugins: Config['plugins'] = [
  assert(),
  pluginAdonisJS(app),
  apiClient(),
  sessionApiClient(app),
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
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
