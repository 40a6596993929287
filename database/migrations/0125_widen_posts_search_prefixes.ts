import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * SQLite: prefix indexes for 2 to 6 characters on the posts' full-text
 * index (0046 had 2, 3 and 4).
 *
 * Search follows typing, so the last word is a prefix. FTS5 answers a
 * prefix from a prefix index only when one has exactly its length; any
 * other prefix is answered by merging the doclists of every word that
 * starts with it, before the other words are looked at. On the
 * benchmark's 100,000 posts a six-letter prefix shared by 7 words took
 * 160 µs that way and 45 µs from its index, and the S6 search ("lunpemon
 * droish", 21 rows with the visibility rule) 333 → 202 µs: the largest
 * part of a search request's SQL (npm run bench:profile -- S6,
 * docs/benchmarks.md).
 *
 * Why 6: past 6 characters a prefix is shared by few words, so merging
 * their doclists costs about what an index would (7- and 8-letter
 * prefixes there: 162–191 µs with or without their own indexes, the
 * other word's doclist dominating), while every length indexed costs on
 * every write. Indexing a post, paid in the batches of
 * app/services/post_search_index.ts with FTS5's merges, went from ~42 to
 * ~69 µs (2–8 characters: ~100 µs) and the index from 28.5 to 42.8 MB
 * (~4% more database).
 *
 * 'rebuild' indexes every post, pending ones included, so the pending
 * queue is emptied with it (a later flush would index them twice). In the
 * migration's transaction: a search meanwhile waits, then sees the new
 * index. PostgreSQL is unchanged (a GIN index answers prefixes).
 */
export const POSTS_FTS_PREFIXES = '2 3 4 5 6'
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
