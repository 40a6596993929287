import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * SQLite: new posts enter the FTS5 index in batches instead of one by one.
 *
 * FTS5 writes a new index segment at the end of every transaction that
 * touched it: with the insert trigger of 0035 that was ~170 µs of a new
 * post's ~375 µs of SQL (insert + author counter, on the benchmark data),
 * the largest single cost of creating a post. Now the insert trigger only
 * records the id in posts_fts_pending (same transaction, so it is durable
 * and rolls back with the post), and app/services/post_search_index.ts
 * indexes the pending posts in one transaction: shortly after they are
 * created, and always before a search runs, so search never misses a post.
 *
 * The delete and update triggers must not tell FTS5 to remove a post that
 * was never indexed (an external-content FTS5 table is corrupted by a
 * 'delete' with text it does not hold): for a pending post they do
 * nothing (the batch indexes the text current at that time) and a deleted
 * pending post leaves the queue. PostgreSQL is unchanged (generated
 * tsvector column).
 */
/** The triggers that keep posts_fts in step with posts (0035's names, replaced here). */
const SYNC_TRIGGERS = ['posts_fts_insert', 'posts_fts_delete', 'posts_fts_update']

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery('CREATE TABLE posts_fts_pending (post_id INTEGER PRIMARY KEY)')
      for (const name of SYNC_TRIGGERS) await db.rawQuery(`DROP TRIGGER IF EXISTS ${name}`)
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
           INSERT OR IGNORE INTO posts_fts_pending(post_id) VALUES (new.id);
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
           INSERT INTO posts_fts(posts_fts, rowid, body_text)
             SELECT 'delete', old.id, old.body_text
             WHERE NOT EXISTS (SELECT 1 FROM posts_fts_pending WHERE post_id = old.id);
           DELETE FROM posts_fts_pending WHERE post_id = old.id;
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_update AFTER UPDATE OF body_text ON posts
         WHEN NOT EXISTS (SELECT 1 FROM posts_fts_pending WHERE post_id = old.id) BEGIN
           INSERT INTO posts_fts(posts_fts, rowid, body_text) VALUES ('delete', old.id, old.body_text);
           INSERT INTO posts_fts(rowid, body_text) VALUES (new.id, new.body_text);
         END`
      )
    })
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      // Index what is still pending, then back to one-by-one triggers (0035).
      await db.rawQuery(
        `INSERT INTO posts_fts(rowid, body_text)
           SELECT p.id, p.body_text FROM posts_fts_pending q CROSS JOIN posts p WHERE p.id = q.post_id`
      )
      for (const name of SYNC_TRIGGERS) await db.rawQuery(`DROP TRIGGER IF EXISTS ${name}`)
      await db.rawQuery('DROP TABLE IF EXISTS posts_fts_pending')
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
           INSERT INTO posts_fts(rowid, body_text) VALUES (new.id, new.body_text);
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
           INSERT INTO posts_fts(posts_fts, rowid, body_text) VALUES ('delete', old.id, old.body_text);
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER posts_fts_update AFTER UPDATE OF body_text ON posts BEGIN
           INSERT INTO posts_fts(posts_fts, rowid, body_text) VALUES ('delete', old.id, old.body_text);
           INSERT INTO posts_fts(rowid, body_text) VALUES (new.id, new.body_text);
         END`
      )
    })
  }
}
