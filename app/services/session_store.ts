import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { configProvider } from '@adonisjs/core'
import { stores } from '@adonisjs/session'
import { directTransaction, keyRead } from '#services/db/sqlite_direct_reads'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

/**
 * @adonisjs/session's database store, except that an unchanged session is
 * not rewritten on every request. The stock store runs
 * `UPDATE sessions SET expires_at = …` after every request that did not
 * modify the session, i.e. one write (a SQLite write lock) per page view.
 * This store remembers the expiry it read and only pushes it forward when
 * it is more than TOUCH_INTERVAL_MS older than a fresh one: a session still
 * expires `age` after its last activity, give or take that interval.
 *
 * Reading, writing, tagging and destroying are the stock store's (the read
 * and the write are repeated here: the read to see `expires_at`; same
 * checks, same statements, same format). On SQLite the row is read and
 * written straight on the connection when it is free
 * (app/services/db/sqlite_direct_reads.ts).
 */
export const TOUCH_INTERVAL_MS = 60_000

/** The stock store's statements, for the `sessions` table (dates bound as knex binds them). */
const UPSERT_SQL = `INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`
const SWEEP_SQL = 'DELETE FROM sessions WHERE expires_at <= ?'

class LazyTouchDatabaseStore implements SessionStoreWithTaggingContract {
  #expiresAt: number | null = null
  #ttlMs: number

  constructor(
    private inner: SessionStoreWithTaggingContract,
    private client: QueryClientContract,
    private tableName: string,
    age: string | number,
    private gcProbability: number
  ) {
    this.#ttlMs = string.seconds.parse(age) * 1000
  }

  async read(sessionId: string): Promise<SessionData | null> {
    const direct =
      this.tableName === 'sessions'
        ? keyRead(this.client.connectionName, 'sessions', sessionId)
        : undefined
    const row =
      direct !== undefined
        ? direct
        : await this.client.from(this.tableName).where('id', sessionId).first()
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.inner.destroy(sessionId)
      return null
    }
    this.#expiresAt = expiresAt
    try {
      return new MessageBuilder().verify(row.data, sessionId)
    } catch {
      return null
    }
  }

  /**
   * The stock store's upsert (and its occasional sweep of expired rows),
   * run straight on SQLite's connection when it is free: a session is
   * written on every form post (its flash message), and through the query
   * builder that write cost as much as the rest of the session's work.
   */
  async write(sessionId: string, data: SessionData) {
    const direct = this.tableName === 'sessions' && this.#directWrite(sessionId, data)
    if (!direct) return this.inner.write(sessionId, data)
  }

  #directWrite(sessionId: string, data: SessionData) {
    const message = new MessageBuilder().build(data, undefined, sessionId)
    const expiresAt = Date.now() + this.#ttlMs
    const sweep = Math.random() * 100 < this.gcProbability
    const written = directTransaction(this.client.connectionName, (statements) => {
      statements.all(UPSERT_SQL, [sessionId, message, new Date(expiresAt)])
      if (sweep) statements.all(SWEEP_SQL, [new Date()])
      return true
    })
    if (written) this.#expiresAt = expiresAt
    return written === true
  }

  destroy(sessionId: string) {
    return this.inner.destroy(sessionId)
  }

  async touch(sessionId: string) {
    const fresh = Date.now() + this.#ttlMs
    if (this.#expiresAt !== null && fresh - this.#expiresAt < TOUCH_INTERVAL_MS) return
    await this.inner.touch(sessionId)
  }

  tag(sessionId: string, userId: string | number) {
    return this.inner.tag(sessionId, userId)
  }

  untag(sessionId: string, userId: string | number) {
    return this.inner.untag(sessionId, userId)
  }

  tagged(userId: string | number) {
    return this.inner.tagged(userId)
  }
}

/** Drop-in for `stores.database(options)` in config/session.ts. */
export function lazyTouchDatabaseStore(options: { tableName?: string; gcProbability?: number }) {
  return configProvider.create<SessionStoreFactory>(async (app) => {
    const stock = await stores.database(options).resolver(app)
    const db = await app.container.make('lucid.db')
    const tableName = options.tableName ?? 'sessions'
    return (ctx, config) =>
      new LazyTouchDatabaseStore(
        stock(ctx, config) as SessionStoreWithTaggingContract,
        db.connection(),
        tableName,
        config.age,
        options.gcProbability ?? 2
      )
  })
}
