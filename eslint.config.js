import { configApp } from '@adonisjs/eslint-config'

export default configApp({ ignores: ['public/**', 'build/**', '.adonisjs/**', 'tmp/**'] })
