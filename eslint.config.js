import { configApp } from '@adonisjs/eslint-config'

export default configApp(
  { ignores: ['public/**', 'build/**', '.adonisjs/**', 'tmp/**'] },
  {
    rules: {
      // Links use @inertiajs/react directly: the app does not generate a typed route registry.
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      // Pure workflow rules (no I/O) are shared with the pages, so the form shows what the server computes.
      '@adonisjs/no-backend-import-in-frontend': ['error', { allowed: ['../../../app/workflows/*'] }],
    },
  }
)
