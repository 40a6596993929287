import type { Session } from '@adonisjs/session'

/** How long a typed password unlocks sensitive actions. */
export const CONFIRMATION_TTL_MS = 3 * 60 * 60 * 1000

export function markPasswordConfirmed(session: Session) {
  session.put('password_confirmed_at', Date.now())
}

export function passwordRecentlyConfirmed(session: Session) {
  const at = Number(session.get('password_confirmed_at', 0))
  return at > 0 && Date.now() - at < CONFIRMATION_TTL_MS
}
