import limiter from '@adonisjs/limiter/services/main'

/**
 * Sign-in throttling (SECURITY.md T7):
 * - per account + IP: 5 failures lock that pair for 15 minutes, so an
 *   attacker elsewhere cannot lock the real owner out;
 * - per IP: 20 failures in 10 minutes block the IP (password spraying
 *   across many accounts), without locking any account.
 */
export const ACCOUNT_ATTEMPTS = 5
const accountLimiter = () =>
  limiter.use({ requests: ACCOUNT_ATTEMPTS, duration: '15 mins', blockDuration: '15 mins' })
const ipLimiter = () => limiter.use({ requests: 20, duration: '10 mins', blockDuration: '10 mins' })

const accountKey = (uid: string, ip: string) => `login:${uid.trim().toLowerCase()}:${ip}`
const ipKey = (ip: string) => `login-ip:${ip}`

export interface ThrottleState {
  blocked: boolean
  /** Seconds until the block lifts (0 when not blocked). */
  retryAfter: number
}

export async function loginBlocked(uid: string, ip: string): Promise<ThrottleState> {
  for (const [use, key] of [
    [accountLimiter, accountKey(uid, ip)],
    [ipLimiter, ipKey(ip)],
  ] as const) {
    const l = use()
    if (await l.isBlocked(key)) return { blocked: true, retryAfter: await l.availableIn(key) }
  }
  return { blocked: false, retryAfter: 0 }
}

/**
 * Counts one failure; returns the attempts left for this account + IP and,
 * when that was the last one, how long the lock lasts.
 */
export async function recordLoginFailure(uid: string, ip: string) {
  const key = accountKey(uid, ip)
  await ipLimiter().increment(ipKey(ip))
  const account = accountLimiter()
  await account.increment(key)
  const remaining = await account.remaining(key)
  if (remaining <= 0) {
    await account.block(key, '15 mins')
    return { remaining: 0, retryAfter: await account.availableIn(key) }
  }
  return { remaining, retryAfter: 0 }
}

export async function clearLoginFailures(uid: string, ip: string) {
  await accountLimiter().delete(accountKey(uid, ip))
}
