import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * As-you-type search asks FTS5 for prefixes ("kay"*). Without prefix
 * indexes FTS5 merges the doclists of every term starting with the prefix:
 * on 100,000 posts a two-letter prefix took ~340 ms (slower than a LIKE
 * scan). With prefix indexes for 2, 3 and 4 characters every such query
 * is under a millisecond (longer prefixes match few terms; one-letter
 * words are searched whole, see app/queries/search/search_terms.ts).
 * SQLite only: the FTS5 table is recreated with the option and rebuilt
 * from posts (the sync triggers of 0035 refer to it by name and keep
 * working). PostgreSQL is unchanged.
 */
const COLUMNS = `body_text, content='posts', content_rowid='id'`
const TOKENIZE = `tokenize='unicode61 remove_diacritics 2'`

export default class extends BaseSchema {
  private recreate(options: string) {
    this.defer(async (db) => {
      await db.rawQuery('DROP TABLE IF EXISTS posts_fts')
      await db.rawQuery(`CREATE VIRTUAL TABLE posts_fts USING fts5(${COLUMNS}, ${options})`)
      await db.rawQuery(`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`)
    })
  }

  async up() {
    if (this.db.dialect.name === 'postgres') return
    this.recreate(`prefix='2 3 4', ${TOKENIZE}`)
  }

  async down() {
    if (this.db.dialect.name === 'postgres') return
    this.recreate(TOKENIZE)
  }
}
