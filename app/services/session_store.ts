import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { configProvider } from '@adonisjs/core'
import { stores } from '@adonisjs/session'
import { directRows, directTransaction } from '#services/db/sqlite_direct_reads'
import { pgRows } from '#services/db/pg_direct_reads'
import { keepUserRowReadWithSession } from '#services/auth/session_user_provider'
import { SESSION_WITH_USER_SQL } from '#services/db/session_with_user'
import type { HttpContext } from '@adonisjs/core/http'
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
 * checks, same format). The read also brings the row of the user the
 * session is tagged with, in the same query (app/services/db/session_with_user.ts),
 * for the session guard of this request (`keyReadSessionGuard`): on
 * PostgreSQL one round trip fewer for every signed-in request. On SQLite
 * the rows are read and written straight on the connection when it is
 * free (app/services/db/sqlite_direct_reads.ts); on PostgreSQL they are
 * read through node-postgres on a connection of the pool
 * (app/services/db/pg_direct_reads.ts).
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
    private ctx: HttpContext,
    private inner: SessionStoreWithTaggingContract,
    private client: QueryClientContract,
    private tableName: string,
    age: string | number,
    private gcProbability: number
  ) {
    this.#ttlMs = string.seconds.parse(age) * 1000
  }

  async read(sessionId: string): Promise<SessionData | null> {
    const read =
      this.tableName === 'sessions'
        ? await this.#readWithUser(sessionId)
        : {
            session: await this.client.from(this.tableName).where('id', sessionId).first(),
            user: undefined,
          }
    const row = read.session
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.inner.destroy(sessionId)
      return null
    }
    this.#expiresAt = expiresAt
    let data: SessionData | null
    try {
      data = new MessageBuilder().verify(row.data, sessionId)
    } catch {
      return null
    }
    if (data && read.user)
      keepUserRowReadWithSession(this.ctx, read.user, this.client.connectionName)
    return data
  }

  /** The session's row and its user's (SESSION_WITH_USER_SQL), without knex when it can. */
  async #readWithUser(sessionId: string) {
    const dialect = this.client.dialect.name === 'postgres' ? 'pg' : 'sqlite'
    const sql = SESSION_WITH_USER_SQL[dialect]
    const connection = this.client.connectionName
    let rows: Record<string, any>[] | undefined =
      dialect === 'sqlite'
        ? directRows(connection, sql, [sessionId])
        : await pgRows(connection, sql, [sessionId])
    if (rows === undefined) {
      const result = await this.client.rawQuery(sql, [sessionId])
      rows = Array.isArray(result) ? result : result.rows
    }
    const found = rows![0]
    if (!found) return { session: null, user: undefined }
    const { huddle_session_data: data, huddle_session_expires_at: expiresAt, ...user } = found
    return {
      session: { data, expires_at: expiresAt },
      user: user.id === null || user.id === undefined ? undefined : user,
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
        ctx,
        stock(ctx, config) as SessionStoreWithTaggingContract,
        db.connection(),
        tableName,
        config.age,
        options.gcProbability ?? 2
      )
  })
}
