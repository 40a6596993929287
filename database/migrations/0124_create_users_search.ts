import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * People search by name and username through an index (SQLite): an FTS5
 * table over users.full_name and users.username, kept in sync by triggers,
 * with prefix indexes for as-you-type (1–3 letters). Before it, every
 * search read every user with LOWER(…) LIKE: ~0.3 ms at 1,000 users, half
 * of a search request's SQL, and growing with the team.
 *
 * The triggers live on `users`: a later migration that makes knex rebuild
 * that table on SQLite (changing or dropping a column) drops them and must
 * create them again (tests/functional/search/search.spec.ts checks that
 * the index follows a rename). PostgreSQL keeps the LIKE (no extension is
 * assumed there).
 */
const TABLE = `users_fts USING fts5(full_name, username, content='users', content_rowid='id', prefix='1 2 3', tokenize='unicode61 remove_diacritics 2')`

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery(`CREATE VIRTUAL TABLE ${TABLE}`)
      await db.rawQuery(
        `CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
           INSERT INTO users_fts(rowid, full_name, username) VALUES (new.id, new.full_name, new.username);
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
           INSERT INTO users_fts(users_fts, rowid, full_name, username) VALUES ('delete', old.id, old.full_name, old.username);
         END`
      )
      await db.rawQuery(
        `CREATE TRIGGER users_fts_update AFTER UPDATE OF full_name, username ON users BEGIN
           INSERT INTO users_fts(users_fts, rowid, full_name, username) VALUES ('delete', old.id, old.full_name, old.username);
           INSERT INTO users_fts(rowid, full_name, username) VALUES (new.id, new.full_name, new.username);
         END`
      )
      await db.rawQuery(`INSERT INTO users_fts(users_fts) VALUES ('rebuild')`)
    })
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.defer(async (db) => {
      await db.rawQuery('DROP TRIGGER IF EXISTS users_fts_update')
      await db.rawQuery('DROP TRIGGER IF EXISTS users_fts_delete')
      await db.rawQuery('DROP TRIGGER IF EXISTS users_fts_insert')
      await db.rawQuery('DROP TABLE IF EXISTS users_fts')
    })
  }
}
