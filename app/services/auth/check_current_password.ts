import limiter from '@adonisjs/limiter/services/main'
import type User from '#models/user'

/**
 * Checks the password a signed-in user typed to confirm a sensitive change
 * (new password, sign out other devices, delete account). Wrong attempts
 * are rate-limited per account: after 5 in 15 minutes the check is refused
 * for 15 minutes, so a borrowed session cannot be used to guess the password.
 */
export const CURRENT_PASSWORD_ATTEMPTS = 5
const attempts = () =>
  limiter.use({
    requests: CURRENT_PASSWORD_ATTEMPTS,
    duration: '15 mins',
    blockDuration: '15 mins',
  })
const keyFor = (user: User) => `current-password:${user.id}`

export type PasswordCheck = { ok: true } | { ok: false; message: string; retryAfter: number }

function lockedMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

export async function checkCurrentPassword(user: User, password: string): Promise<PasswordCheck> {
  const key = keyFor(user)
  const limit = attempts()
  if (await limit.isBlocked(key)) {
    const retryAfter = await limit.availableIn(key)
    return { ok: false, message: lockedMessage(retryAfter), retryAfter }
  }

  if (await user.verifyPassword(password)) {
    await limit.delete(key)
    return { ok: true }
  }

  await limit.increment(key)
  const remaining = await limit.remaining(key)
  if (remaining <= 0) {
    await limit.block(key, '15 mins')
    const retryAfter = await limit.availableIn(key)
    return { ok: false, message: lockedMessage(retryAfter), retryAfter }
  }
  const left = remaining === 1 ? '1 attempt left' : `${remaining} attempts left`
  return { ok: false, message: `The password is incorrect (${left}).`, retryAfter: 0 }
}
