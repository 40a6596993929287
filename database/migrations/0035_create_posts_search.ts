import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Full-text search over posts: an FTS5 table kept in sync by triggers on
 * SQLite; a generated tsvector column with a GIN index on PostgreSQL.
 */
export default class extends BaseSchema {
  async up() {
    const dialect = this.db.dialect.name
    if (dialect === 'postgres') {
      this.defer(async (db) => {
        await db.rawQuery(
          `ALTER TABLE posts ADD COLUMN search_vector tsvector
             GENERATED ALWAYS AS (to_tsvector('simple', coalesce(body_text, ''))) STORED`
        )
        await db.rawQuery('CREATE INDEX posts_search_vector_idx ON posts USING GIN (search_vector)')
      })
      return
    }
    this.defer(async (db) => {
      await db.rawQuery(
        `CREATE VIRTUAL TABLE posts_fts USING fts5(body_text, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`
      )
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

  async down() {
    const dialect = this.db.dialect.name
    if (dialect === 'postgres') {
      this.defer(async (db) => {
        await db.rawQuery('DROP INDEX IF EXISTS posts_search_vector_idx')
        await db.rawQuery('ALTER TABLE posts DROP COLUMN IF EXISTS search_vector')
      })
      return
    }
    this.defer(async (db) => {
      await db.rawQuery('DROP TRIGGER IF EXISTS posts_fts_update')
      await db.rawQuery('DROP TRIGGER IF EXISTS posts_fts_delete')
      await db.rawQuery('DROP TRIGGER IF EXISTS posts_fts_insert')
      await db.rawQuery('DROP TABLE IF EXISTS posts_fts')
    })
  }
}
