import type { HttpContext } from '@adonisjs/core/http'

/** The request an administrator's action on an account runs for (an admin page or the API). */
export type PersonActionContext = Pick<HttpContext, 'auth' | 'request' | 'bouncer'>

/**
 * What an administrator's action on an account answers, whichever door it
 * came through (the admin pages flash `message`; the public API sends it,
 * or a problem with `status` when nothing changed).
 */
export type PersonActionOutcome =
  | { done: true; message: string; sessions: number }
  | { done: false; status: 403 | 404 | 409; message: string }

/** "Their open session was signed out." (or how many, or none). */
export function signedOutSentence(sessions: number) {
  if (sessions === 0) return 'They had no open session.'
  return `${sessions === 1 ? 'Their open session was' : `Their ${sessions} open sessions were`} signed out.`
}

export function roleArticle(role: string) {
  return role === 'admin' || role === 'external' ? 'an' : 'a'
}

/**
 * Refused after all: another administrator's change, made at the same
 * moment, left this person the last active one (UserPolicy's own sentence).
 */
export function lastAdmin(person: { fullName: string }): PersonActionOutcome {
  return {
    done: false,
    status: 403,
    message: `${person.fullName} is the last active administrator: make someone else an administrator first.`,
  }
}
