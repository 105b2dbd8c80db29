import { configApp } from '@adonisjs/eslint-config'

export default configApp(
  { ignores: ['public/**', 'build/**', '.adonisjs/**', 'tmp/**'] },
  {
    rules: {
      // Links use @inertiajs/react directly: the app does not generate a typed route registry.
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
    },
  }
)
