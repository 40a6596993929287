import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Five indexes whose key ends in a column that is NULL for nearly every
 * row become partial: they hold only the rows where that column is set.
 *
 * - posts (author_id, shared_post_id), unique: one share per member and
 *   original. shared_post_id is NULL for every post that is not a share.
 * - posts (shared_post_id): the shares of a post (recounts, a deletion's
 *   cascade).
 * - posts (author_id, client_key), comments (author_id, client_key) and
 *   messages (sender_id, client_key), unique: idempotent sends (0114).
 *   client_key is NULL for everything sent without an Idempotency-Key.
 *
 * Every new post wrote an entry into each of the three posts indexes, one
 * more page per index in the commit's log (a post and its session wrote
 * 76 KB of WAL on the benchmark data, 63 KB without them; 266 → 180 µs of
 * SQLite per create-post request). The rows they skip could never match:
 * NULLs never collide in a unique index (SQLite and PostgreSQL alike), and
 * every query that uses these columns compares them with `=`, which both
 * planners know implies IS NOT NULL, so the partial index still serves it
 * (tests/functional/database/partial_indexes.spec.ts checks the plans).
 *
 * Uniqueness is unchanged for the rows that carry a value, and so is the
 * error a duplicate raises (app/services/db/errors.ts). On PostgreSQL the
 * unique keys were constraints (knex's `unique`); a partial unique index
 * cannot be a constraint, and nothing used them as one (no ON CONFLICT
 * names them).
 */
const INDEXES = [
  {
    table: 'posts',
    name: 'posts_author_id_shared_post_id_unique',
    columns: ['author_id', 'shared_post_id'],
    unique: true,
  },
  {
    table: 'posts',
    name: 'posts_shared_post_id_index',
    columns: ['shared_post_id'],
    unique: false,
  },
  {
    table: 'posts',
    name: 'posts_author_client_key_unique',
    columns: ['author_id', 'client_key'],
    unique: true,
  },
  {
    table: 'comments',
    name: 'comments_author_client_key_unique',
    columns: ['author_id', 'client_key'],
    unique: true,
  },
  {
    table: 'messages',
    name: 'messages_sender_client_key_unique',
    columns: ['sender_id', 'client_key'],
    unique: true,
  },
] as const

export default class extends BaseSchema {
  async up() {
    const pg = this.db.dialect.name === 'postgres'
    for (const { table, name, columns, unique } of INDEXES) {
      this.schema.raw(
        pg && unique ? `ALTER TABLE ${table} DROP CONSTRAINT ${name}` : `DROP INDEX ${name}`
      )
      const nullable = columns[columns.length - 1]
      this.schema.raw(
        `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${table} (${columns.join(', ')}) WHERE ${nullable} IS NOT NULL`
      )
    }
  }

  async down() {
    const pg = this.db.dialect.name === 'postgres'
    for (const { table, name, columns, unique } of INDEXES) {
      this.schema.raw(`DROP INDEX ${name}`)
      this.schema.raw(
        pg && unique
          ? `ALTER TABLE ${table} ADD CONSTRAINT ${name} UNIQUE (${columns.join(', ')})`
          : `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${table} (${columns.join(', ')})`
      )
    }
  }
}
