import db from '@adonisjs/lucid/services/db'
import { directRows } from '#services/db/sqlite_direct_reads'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { driveSqlSteps, type SqlSteps } from '#services/db/sql_steps'

/**
 * The SQLite full-text index of posts is written in batches
 * (database/migrations/0080_defer_posts_fts_indexing.ts): a new post's id
 * waits in posts_fts_pending until `flushPostSearchIndex` indexes every
 * pending post in one transaction, which pays FTS5's per-transaction
 * segment write once per batch instead of once per post.
 *
 * Search calls `flushPostSearchIndex` before it queries, so a post is
 * searchable as soon as its transaction committed, whichever process
 * created it (a seeder, a console command, a process that stopped). The
 * process creating posts also flushes every FLUSH_EVERY posts, inside the
 * transaction of the post that reaches the count, so the batch a search
 * may have to write stays small. No timers: when a flush runs depends
 * only on what was written, never on the clock. PostgreSQL needs none of
 * this (a generated tsvector column); every function here does nothing there.
 */
export const FLUSH_EVERY = 64
/** Posts indexed per transaction: bounds how long one flush holds the event loop. */
export const FLUSH_BATCH = 1000

/**
 * Indexes the pending posts up to an id. CROSS JOIN keeps SQLite's join
 * order (the queue first, then each post by primary key): left to choose,
 * without statistics it walked every post below the id and probed the
 * queue for each, 125 ms per flush on 100,000 posts instead of 0.8 ms.
 */
export const INDEX_PENDING_SQL = `INSERT INTO posts_fts(rowid, body_text)
  SELECT p.id, p.body_text FROM posts_fts_pending q CROSS JOIN posts p
  WHERE p.id = q.post_id AND q.post_id <= ?`

const WAITING_SQL = 'SELECT 1 FROM posts_fts_pending LIMIT 1'

let createdSinceFlush = 0

function isSqlite(client: QueryClientContract) {
  return client.dialect.name !== 'postgres'
}

/**
 * Indexes every pending post, FLUSH_BATCH per transaction (savepoints when
 * `client` is a transaction). Returns how many posts were indexed.
 */
export async function flushPostSearchIndex(client: QueryClientContract = db.connection()) {
  if (!isSqlite(client)) return 0
  let indexed = 0
  for (;;) {
    // Usually nothing waits: asked straight on the free connection when it can be.
    const waiting: unknown[] =
      directRows(client.connectionName, WAITING_SQL, []) ?? (await client.rawQuery(WAITING_SQL))
    if (waiting.length === 0) {
      createdSinceFlush = 0
      return indexed
    }
    indexed += await client.transaction((trx) => driveSqlSteps(indexPendingSteps(), trx))
  }
}

/**
 * One batch: indexes up to FLUSH_BATCH pending posts and takes them off the
 * queue, in its caller's transaction. Returns how many it indexed.
 */
function* indexPendingSteps(): SqlSteps<number> {
  const batch = yield {
    sql: 'SELECT post_id FROM posts_fts_pending ORDER BY post_id LIMIT ?',
    bindings: [FLUSH_BATCH],
  }
  // Another flush (a concurrent search) may have emptied the queue since the check.
  if (batch.length === 0) return 0
  const last = batch[batch.length - 1].post_id
  // A post deleted meanwhile has left the queue (the delete trigger); the
  // text indexed is the post's current text, edits included.
  yield { sql: INDEX_PENDING_SQL, bindings: [last] }
  yield { sql: 'DELETE FROM posts_fts_pending WHERE post_id <= ?', bindings: [last] }
  return batch.length
}

/**
 * Called for every post this process creates (Post's after-create hook,
 * start/model_hooks.ts, in the post's transaction): every FLUSH_EVERY
 * posts, the pending ones are indexed with it.
 */
export async function postCreated(client: QueryClientContract) {
  if (!isSqlite(client)) return
  createdSinceFlush++
  if (createdSinceFlush >= FLUSH_EVERY) await flushPostSearchIndex(client)
}

/**
 * postCreated as statements of the post's own transaction (never outside
 * one: the batch must be indexed and dequeued together), for a post
 * written as SqlSteps (app/actions/posts/create_post.ts), which runs no
 * model hook. SQLite only.
 */
export function* postCreatedSteps(client: QueryClientContract = db.connection()): SqlSteps<void> {
  if (!isSqlite(client)) return
  createdSinceFlush++
  if (createdSinceFlush < FLUSH_EVERY) return
  while ((yield* indexPendingSteps()) === FLUSH_BATCH);
  createdSinceFlush = 0
}
