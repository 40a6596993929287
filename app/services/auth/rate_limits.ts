import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'

/**
 * Rate limits of the account flows (SECURITY.md T7, T11). Every limit is a
 * rolling window in the configured limiter store (memory on one node, Redis
 * on several); exceeding one raises E_TOO_MANY_REQUESTS with a readable
 * message and Retry-After, which app/exceptions/handler.ts turns into a 429
 * (or a flashed error for Inertia forms).
 */
export interface RateLimit {
  name: string
  requests: number
  duration: string
  /** What the person reads, given "N minutes". */
  message: (wait: string) => string
}

export const RATE_LIMITS = {
  /** Every registration POST from one IP (cheap validation failures included). */
  registerAttempts: {
    name: 'register-attempts',
    requests: 20,
    duration: '10 mins',
    message: (wait) => `Too many registration attempts from your network. Try again in ${wait}.`,
  },
  /** Accounts actually created (or attempted with valid input) from one IP. */
  signUps: {
    name: 'sign-ups',
    requests: 5,
    duration: '30 mins',
    message: (wait) => `Too many registrations from your network. Try again in ${wait}.`,
  },
  verificationResend: {
    name: 'verification-resend',
    requests: 3,
    duration: '15 mins',
    message: (wait) => `You asked for several verification e-mails already. Try again in ${wait}.`,
  },
  forgotPasswordIp: {
    name: 'forgot-password-ip',
    requests: 5,
    duration: '15 mins',
    message: (wait) => `Too many password reset requests. Try again in ${wait}.`,
  },
  forgotPasswordEmail: {
    name: 'forgot-password-email',
    requests: 5,
    duration: '15 mins',
    message: (wait) => `Too many password reset requests for this address. Try again in ${wait}.`,
  },
  resetPassword: {
    name: 'reset-password',
    requests: 10,
    duration: '15 mins',
    message: (wait) => `Too many attempts. Try again in ${wait}.`,
  },
  /** Wrong passwords on the confirm-password page, per user. */
  confirmPassword: {
    name: 'confirm-password',
    requests: 5,
    duration: '15 mins',
    message: (wait) => `Too many wrong passwords. Try again in ${wait}.`,
  },
  /** Wrong current passwords on the change-password page, per user. */
  changePassword: {
    name: 'change-password',
    requests: 5,
    duration: '15 mins',
    message: (wait) => `Too many wrong passwords. Try again in ${wait}.`,
  },
} satisfies Record<string, RateLimit>

function store(rule: RateLimit) {
  return limiter.use({ requests: rule.requests, duration: rule.duration })
}

function keyFor(rule: RateLimit, key: string) {
  return `${rule.name}:${key}`
}

export function waitText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

function tooMany(rule: RateLimit, error: InstanceType<typeof errors.E_TOO_MANY_REQUESTS>) {
  return error.setMessage(rule.message(waitText(error.response.availableIn)))
}

/** Counts one request; throws E_TOO_MANY_REQUESTS once the window is used up. */
export async function consume(rule: RateLimit, key: string) {
  try {
    await store(rule).consume(keyFor(rule, key))
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS) throw tooMany(rule, error)
    throw error
  }
}

/**
 * For limits on failures only (wrong passwords): throws when no attempt is
 * left, without counting this request.
 */
export async function ensureAttemptsLeft(rule: RateLimit, key: string) {
  const response = await store(rule).get(keyFor(rule, key))
  if (response && response.remaining <= 0) {
    throw tooMany(rule, new errors.E_TOO_MANY_REQUESTS(response))
  }
}

/** Counts one failure and returns the attempts left. */
export async function recordFailure(rule: RateLimit, key: string) {
  const response = await store(rule).increment(keyFor(rule, key))
  return { remaining: Math.max(0, response.remaining), wait: waitText(response.availableIn) }
}

export async function clearFailures(rule: RateLimit, key: string) {
  await store(rule).delete(keyFor(rule, key))
}
