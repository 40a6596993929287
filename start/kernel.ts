/*
|--------------------------------------------------------------------------
| HTTP kernel file
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Server middleware runs on every request, even when no route matches.
 */
server.use([
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/health_middleware'),
  () => import('#middleware/metrics_middleware'),
  () => import('#middleware/compression_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
  () => import('#middleware/static_files_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
])

/**
 * Router middleware runs on every request with a matching route.
 */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/multipart_fields_middleware'),
  () => import('#middleware/well_formed_input_middleware'),
  // Session and shield (CSRF) for the web app only: /api/v1 is token-only (issue 14).
  () => import('#middleware/web_session_middleware'),
  () => import('#middleware/web_shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/silent_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
  () => import('#middleware/inertia_middleware'),
])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  guest: () => import('#middleware/guest_middleware'),
  role: () => import('#middleware/role_middleware'),
  passwordConfirmed: () => import('#middleware/password_confirmed_middleware'),
  devOnly: () => import('#middleware/dev_only_middleware'),
  uploadsThrottle: () => import('#middleware/uploads_throttle_middleware'),
  userThrottle: () => import('#middleware/user_throttle_middleware'),
  apiAuth: () => import('#middleware/api_auth_middleware'),
})
