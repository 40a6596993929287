import { webOnly } from '#middleware/web_only'

/** The session, except on the public API (app/middleware/web_only.ts). */
export default webOnly(() => import('@adonisjs/session/session_middleware'))
