import limiter from '@adonisjs/limiter/services/main'
import { errors, LimiterResponse } from '@adonisjs/limiter'
import env from '#start/env'
import { waitText } from '#services/auth/rate_limits'

/** Files one user may upload per rolling hour, unless UPLOADS_PER_HOUR says otherwise. */
export const DEFAULT_UPLOADS_PER_HOUR = 100

export function uploadsPerHour() {
  const configured = env.get('UPLOADS_PER_HOUR')
  return typeof configured === 'number' && configured > 0
    ? Math.floor(configured)
    : DEFAULT_UPLOADS_PER_HOUR
}

function store() {
  return limiter.use({ requests: uploadsPerHour(), duration: '1 hour' })
}

const keyFor = (userId: number) => `uploads:${userId}`

/** Files the user may still upload in the current hour (nothing is counted). */
export async function remainingUploads(userId: number) {
  const quota = store()
  const current = await quota.get(keyFor(userId))
  return current ? current.remaining : quota.requests
}

/**
 * Counts `files` uploads for the user, or throws E_TOO_MANY_REQUESTS (429)
 * without counting anything when they do not fit in what is left of the hour.
 */
export async function consumeUploads(userId: number, files: number) {
  const quota = store()
  const key = keyFor(userId)
  const current = await quota.get(key)
  const remaining = current ? current.remaining : quota.requests
  if (files > remaining) {
    const response =
      current ??
      new LimiterResponse({
        limit: quota.requests,
        remaining,
        consumed: 0,
        availableIn: quota.duration,
      })
    const wait = waitText(response.availableIn)
    const left =
      remaining > 0
        ? ` You can upload ${remaining} more ${remaining === 1 ? 'file' : 'files'} now.`
        : ''
    throw new errors.E_TOO_MANY_REQUESTS(response).setMessage(
      `Too many uploads, try again in ${wait}.${left}`
    )
  }
  await quota.consume(key, files)
}

/** Forgets a user's upload count (tests, an admin lifting the limit). */
export async function resetUploads(userId: number) {
  await store().delete(keyFor(userId))
}
