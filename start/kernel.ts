import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/security_headers_middleware'),
  // /health/live, /health/ready, /metrics: before the router, so no session or CSRF cookie.
  () => import('#middleware/operator_endpoints_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/ssr_guard_middleware'),
  () => import('#middleware/static_files_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/control_characters_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/silent_auth_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  can: () => import('#middleware/can_middleware'),
  order: () => import('#middleware/load_order_middleware'),
})
