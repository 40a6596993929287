import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import env from '#start/env'
import { waitText } from '#services/auth/rate_limits'

/**
 * Per-user limits on the busiest writes and on search (issue 16 item 8,
 * SECURITY.md T11): generous enough that no real person meets them, low
 * enough that a script cannot flood the team (one member made 60 posts,
 * 60 comments, 60 like toggles and 300 searches in 3.2 s). Each counts
 * requests in a rolling window in the configured limiter store (memory on
 * one node, Redis on several); RATE_LIMIT_<NAME> in .env changes how many
 * requests a window allows. Messages have their own (MESSAGES_PER_MINUTE);
 * uploads theirs (UPLOADS_PER_HOUR).
 *
 * Exceeding one throws E_TOO_MANY_REQUESTS: a 429 with Retry-After and the
 * message, which the UI shows (flash for forms, toast for JSON calls, an
 * error page for page visits; app/exceptions/handler.ts).
 */
export interface AbuseLimit {
  /** Key prefix in the limiter store. */
  name: string
  /** The .env variable overriding `requests`. */
  envKey:
    | 'RATE_LIMIT_POSTS'
    | 'RATE_LIMIT_COMMENTS'
    | 'RATE_LIMIT_LIKES'
    | 'RATE_LIMIT_SHARES'
    | 'RATE_LIMIT_SEARCHES'
  requests: number
  duration: string
  message: (wait: string) => string
}

export const ABUSE_LIMITS = {
  posts: {
    name: 'user-posts',
    envKey: 'RATE_LIMIT_POSTS',
    requests: 30,
    duration: '10 mins',
    message: (wait) => `You are posting very quickly. Wait ${wait} and try again.`,
  },
  comments: {
    name: 'user-comments',
    envKey: 'RATE_LIMIT_COMMENTS',
    requests: 60,
    duration: '10 mins',
    message: (wait) => `You are commenting very quickly. Wait ${wait} and try again.`,
  },
  likes: {
    name: 'user-likes',
    envKey: 'RATE_LIMIT_LIKES',
    requests: 120,
    duration: '5 mins',
    message: (wait) => `You are liking very quickly. Wait ${wait} and try again.`,
  },
  shares: {
    name: 'user-shares',
    envKey: 'RATE_LIMIT_SHARES',
    requests: 30,
    duration: '10 mins',
    message: (wait) => `You are sharing very quickly. Wait ${wait} and try again.`,
  },
  searches: {
    name: 'user-searches',
    envKey: 'RATE_LIMIT_SEARCHES',
    requests: 120,
    duration: '1 min',
    message: (wait) => `You are searching very quickly. Wait ${wait} and try again.`,
  },
} satisfies Record<string, AbuseLimit>

export type AbuseLimitName = keyof typeof ABUSE_LIMITS

/** Requests a window allows: RATE_LIMIT_<NAME> when set to a positive number, else the default. */
export function allowedRequests(rule: AbuseLimit) {
  const configured = env.get(rule.envKey)
  return typeof configured === 'number' && configured > 0 ? Math.floor(configured) : rule.requests
}

function store(rule: AbuseLimit) {
  return limiter.use({ requests: allowedRequests(rule), duration: rule.duration })
}

const keyFor = (rule: AbuseLimit, userId: number) => `${rule.name}:${userId}`

/** Counts one request of the user; throws E_TOO_MANY_REQUESTS once the window is used up. */
export async function consumeAbuseLimit(name: AbuseLimitName, userId: number) {
  const rule: AbuseLimit = ABUSE_LIMITS[name]
  try {
    await store(rule).consume(keyFor(rule, userId))
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS) {
      throw error.setMessage(rule.message(waitText(error.response.availableIn)))
    }
    throw error
  }
}

/** Forgets a user's count (tests). */
export async function resetAbuseLimit(name: AbuseLimitName, userId: number) {
  const rule: AbuseLimit = ABUSE_LIMITS[name]
  await store(rule).delete(keyFor(rule, userId))
}
