import { webOnly } from '#middleware/web_only'

/** Shield (CSRF, CSP…), except on the public API (app/middleware/web_only.ts). */
export default webOnly(() => import('@adonisjs/shield/shield_middleware'))
