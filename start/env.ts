/*
|--------------------------------------------------------------------------
| Environment variables service
|--------------------------------------------------------------------------
|
| Every variable the app reads is validated here at boot, so a wrong value
| stops the server with a message naming the variable.
|
*/
import { Env } from '@adonisjs/core/env'

/**
 * A connection URL with one of the given protocols; required when
 * `required()` says so (PG_URL with DB_CONNECTION=pg).
 */
function connectionUrl(protocols: string[], required: () => boolean) {
  return (key: string, value?: string): string | undefined => {
    if (!value) {
      if (required())
        throw new Error(
          `Missing environment variable "${key}" (e.g. ${protocols[0]}//user@127.0.0.1/db)`
        )
      return undefined
    }
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new Error(
        `Value for environment variable "${key}" must be a URL like ${protocols[0]}//user@host:port/db`
      )
    }
    if (!protocols.includes(url.protocol)) {
      throw new Error(
        `Value for environment variable "${key}" must start with ${protocols.join(' or ')}//`
      )
    }
    return value
  }
}

/** An optional value made of the characters `pattern` allows. */
function token(pattern: RegExp, description: string) {
  return (key: string, value?: string): string | undefined => {
    if (!value) return undefined
    if (!pattern.test(value))
      throw new Error(`Value for environment variable "${key}" must be ${description}`)
    return value
  }
}

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.enum([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),

  /** Compress dynamic answers (default true); false when a reverse proxy does it. */
  HTTP_COMPRESSION: Env.schema.boolean.optional(),

  /*
  | Database: SQLite file by default, PostgreSQL with DB_CONNECTION=pg
  */
  DB_CONNECTION: Env.schema.enum(['sqlite', 'pg'] as const),
  DATABASE_PATH: Env.schema.string.optional(),
  PG_URL: connectionUrl(['postgres:', 'postgresql:'], () => process.env.DB_CONNECTION === 'pg'),

  /*
  | Sessions
  */
  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'memory', 'database', 'redis'] as const),

  /*
  | Redis (optional): shared rate limits and, later, realtime fan-out
  */
  REDIS_URL: connectionUrl(['redis:', 'rediss:'], () => false),

  /*
  | Realtime (Laravel names): the embedded Pusher-protocol server (reverb,
  | default) or an external engine (pusher); id/key/secret are generated
  | into .env on first run. Browsers get key, host, port and scheme only.
  */
  BROADCAST_CONNECTION: Env.schema.enum.optional(['reverb', 'pusher'] as const),
  REVERB_APP_ID: token(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (at most 64)'),
  REVERB_APP_KEY: token(/^[A-Za-z0-9_-]{8,128}$/, 'letters, digits, _ or - (8 to 128)'),
  REVERB_APP_SECRET: Env.schema.secret.optional(),
  REVERB_HOST: Env.schema.string.optional({ format: 'host' }),
  REVERB_PORT: Env.schema.number.optional(),
  REVERB_SCHEME: Env.schema.enum.optional(['http', 'https'] as const),
  /** Comma-separated origins allowed to open a websocket ('*' for any); default APP_URL's. */
  REVERB_ALLOWED_ORIGINS: Env.schema.string.optional(),
  /** Open websocket connections per client address (default 200, 0: no cap) */
  REVERB_MAX_CONNECTIONS_PER_IP: Env.schema.number.optional(),

  /*
  | Web Push (issue 15 §2): the VAPID key pair (P-256, base64url) is generated
  | into .env on first run; the public key goes to browsers. VAPID_SUBJECT: a
  | mailto: or https: contact for the push services (default: MAIL_FROM_ADDRESS).
  */
  VAPID_PUBLIC_KEY: token(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)'),
  VAPID_PRIVATE_KEY: Env.schema.secret.optional(),
  VAPID_SUBJECT: token(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL'),

  /*
  | Job queue (config/queue.ts): database by default, redis with REDIS_URL
  */
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),
  QUEUE_WORKER: Env.schema.boolean.optional(),

  /*
  | Prometheus metrics at GET /metrics, for `Authorization: Bearer <token>`;
  | the endpoint does not exist while this is unset
  */
  METRICS_TOKEN: Env.schema.secret.optional(),

  /*
  | Mail: SMTP when SMTP_HOST is set, otherwise the development outbox
  */
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_FROM_NAME: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),

  /*
  | Media uploads (config/drive.ts): local disk by default, S3-compatible
  | object storage with DRIVE_DISK=s3; per-file size limit in megabytes
  */
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  MEDIA_ROOT: Env.schema.string.optional(),
  MEDIA_MAX_FILE_MB: Env.schema.number.optional(),
  /** Files one user may upload per rolling hour (posts, comments, avatars…); default 100 */
  UPLOADS_PER_HOUR: Env.schema.number.optional(),
  /** Images decoded at once (app/services/image_jobs.ts); default half the cores, at most 2 */
  IMAGE_CONCURRENCY: Env.schema.number.optional(),
  /** Per-user abuse limits (app/services/abuse_limits.ts): requests per window */
  RATE_LIMIT_POSTS: Env.schema.number.optional(),
  RATE_LIMIT_COMMENTS: Env.schema.number.optional(),
  RATE_LIMIT_LIKES: Env.schema.number.optional(),
  RATE_LIMIT_SHARES: Env.schema.number.optional(),
  RATE_LIMIT_SEARCHES: Env.schema.number.optional(),
  /** Public API (/api/v1): requests per token per 5 minutes (default 300) */
  API_RATE_LIMIT: Env.schema.number.optional(),
  /** Public API: comma-separated origins allowed by CORS (default none: closed) */
  API_CORS_ORIGINS: Env.schema.string.optional(),
  /** Outgoing webhooks: allow private / loopback addresses as targets (default false: SSRF guard) */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: Env.schema.boolean.optional(),
  /** Outgoing webhooks: first retry delay, doubling up to an hour (default 30s) */
  WEBHOOK_RETRY_DELAY: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),

  /*
  | Demo data: seeded by `npm start` outside production
  */
  SEED_DEMO: Env.schema.boolean.optional(),
})
