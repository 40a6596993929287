import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * SQLite: prefix indexes for 2 to 8 characters on the posts' full-text
 * index (0046 had 2, 3 and 4).
 *
 * Search follows typing, so the last word is a prefix, and most words are
 * typed through 5 to 8 characters. FTS5 answers a prefix from a prefix
 * index only when one has exactly its length; any other prefix is answered
 * by merging the doclists of every word that starts with it, before the
 * other words are looked at. On the benchmark's 100,000 posts a six-letter
 * prefix took 160 µs that way and 45 µs from its index, and the S6 search
 * ("lunpemon droish", 21 rows with the visibility rule) 341 → 213 µs: the
 * largest part of a search request's SQL (npm run bench:profile -- S6,
 * docs/benchmarks.md). Longer prefixes match few words. The index doubles
 * (28 → 55 MB there, ~9% of the database) and indexing a post costs about
 * twice as much, paid in the batches of app/services/post_search_index.ts.
 *
 * 'rebuild' indexes every post, pending ones included, so the pending
 * queue is emptied with it (a later flush would index them twice). In the
 * migration's transaction: a search meanwhile waits, then sees the new
 * index. PostgreSQL is unchanged (a GIN index answers prefixes).
 */
export const POSTS_FTS_PREFIXES = '2 3 4 5 6 7 8'
const PREVIOUS_PREFIXES = '2 3 4'

/** Recreates posts_fts with `prefixes` and indexes every post again (SQLite). */
export async function recreatePostsFts(client: QueryClientContract, prefixes: string) {
  await client.rawQuery('DROP TABLE IF EXISTS posts_fts')
  await client.rawQuery(
    `CREATE VIRTUAL TABLE posts_fts USING fts5(body_text, content='posts', content_rowid='id', prefix='${prefixes}', tokenize='unicode61 remove_diacritics 2')`
  )
  await client.rawQuery(`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`)
  await client.rawQuery('DELETE FROM posts_fts_pending')
}

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') return
    this.defer((db) => recreatePostsFts(db, POSTS_FTS_PREFIXES))
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.defer((db) => recreatePostsFts(db, PREVIOUS_PREFIXES))
  }
}
