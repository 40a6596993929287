import { randomInt } from 'node:crypto'
import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'

/**
 * An administrator's password reset: a temporary password (shown once to
 * the administrator, to be handed over), the change forced at the next
 * sign-in, and every session signed out now.
 */
export default class ResetPersonPassword {
  async handle(target: User) {
    const temporary = temporaryPassword()
    target.password = temporary
    target.mustChangePassword = true
    await target.save()
    const sessions = await new RevokeSessions().handle({ userId: target.id })
    return { temporary, sessions }
  }
}

/** Four groups of four letters and digits, without look-alikes (0/O, 1/l/I). */
function temporaryPassword() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')
  )
  return groups.join('-')
}
