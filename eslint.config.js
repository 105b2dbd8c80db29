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
      // Pure code (no I/O: the on-site costs, the measurement arithmetic, the simulation basket)
      // lives in shared/ for the server and the pages alike, so a form shows what the server
      // computes; nothing else of the server is imported by a page.
      '@adonisjs/no-backend-import-in-frontend': ['error', { allowed: ['#shared/*'] }],
    },
  }
)
