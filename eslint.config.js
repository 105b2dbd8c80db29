import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

export default configApp(
  { ignores: ['public/**', 'build/**', '.adonisjs/**', 'tmp/**'] },
  // The React rules (hooks, JSX) and Prettier for every page and component.
  ...react,
  {
    rules: {
      // Order pages receive their links from the server (href props), not from a client route registry.
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      // Pure rules (no I/O: workflow costs, the measurement arithmetic) are shared with the pages,
      // so the form shows what the server computes.
      '@adonisjs/no-backend-import-in-frontend': [
        'error',
        { allowed: ['../../../app/workflows/*', '../../../app/services/measurement'] },
      ],
    },
  }
)
