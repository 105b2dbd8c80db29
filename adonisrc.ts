import { indexPages } from '@adonisjs/inertia'
import { indexEntities } from '@adonisjs/core'
import { generateRegistry } from '@tuyau/core/hooks'
import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    // After shield's own: its middleware built once (providers/shield_provider.ts).
    () => import('./providers/shield_provider.js'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/mail/mail_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/validator'),
    () => import('#start/view'),
    { file: () => import('#start/metrics'), environment: ['web', 'test'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.{ts,js}'], name: 'unit', timeout: 5000 },
      { files: ['tests/functional/**/*.spec.{ts,js}'], name: 'functional', timeout: 60000 },
      { files: ['tests/browser/**/*.spec.{ts,js}'], name: 'browser', timeout: 120000 },
      // The production server in child processes (several workers, signals): tests/helpers/app_process.ts.
      { files: ['tests/process/**/*.spec.{ts,js}'], name: 'process', timeout: 120000 },
    ],
    forceExit: false,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    { pattern: 'database/seeders/data/*.json', reloadServer: false },
  ],

  hooks: {
    init: [
      indexEntities({ transformers: { enabled: true, withSharedProps: true } }),
      indexPages({ framework: 'react' }),
      generateRegistry(),
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
