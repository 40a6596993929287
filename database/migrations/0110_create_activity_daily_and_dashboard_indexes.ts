import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admin dashboard (issue 19 §1).
 *
 * `activity_daily`: the activity chart's daily rollup, one row per UTC day
 * with the rows created that day (posts, comments, post likes, accounts).
 * Filled by RollupActivityJob (hourly, start/scheduler.ts) for the days
 * before today; today is counted live on the created_at indexes below.
 * `starts_at` / `ends_at` bound the day so a count is one indexed range on
 * SQLite and PostgreSQL alike, and counters:repair can rebuild every row
 * (app/services/counter_repair.ts).
 *
 * Indexes: created_at ranges for the rollup and today's partial day.
 * The dashboard's own indexes on posts are PARTIAL (published, or pending,
 * and not deleted) and hold no column another query filters on by
 * equality: nothing runs ANALYZE on a Huddle database, and without
 * statistics SQLite prefers the index with the most equality terms, so a
 * plain (status, deleted_at, …) index stole the plans of other queries
 * (the shares recount's `shared_post_id = ?` scanned every published
 * post). The dashboard's queries name the partial conditions literally.
 * - posts_published_totals_index: the totals (count, likes, comments) as
 *   an index-only scan (status and deleted_at are in it so no row is
 *   read: 22 → 9 ms on the benchmark data on a loaded machine); posts_published_likes_index / _comments_index:
 *   the most-liked / most-commented keyset order;
 * - posts_pending_visibility_index: the pending count through the
 *   visibility rule reads no post row (32 → 3 ms on the benchmark data).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('activity_daily', (table) => {
      table.string('day', 10).primary() // YYYY-MM-DD, UTC
      table.timestamp('starts_at').notNullable()
      table.timestamp('ends_at').notNullable()
      table.integer('posts').notNullable().defaultTo(0)
      table.integer('comments').notNullable().defaultTo(0)
      table.integer('likes').notNullable().defaultTo(0)
      table.integer('accounts').notNullable().defaultTo(0)
    })
    this.schema.alterTable('posts', (table) => {
      table.index(['created_at'], 'posts_created_at_index')
    })
    const published = `WHERE status = 'published' AND deleted_at IS NULL`
    this.schema.raw(
      `CREATE INDEX posts_published_totals_index ON posts (likes_count, comments_count, status, deleted_at) ${published}`
    )
    this.schema.raw(
      `CREATE INDEX posts_published_likes_index ON posts (likes_count, id) ${published}`
    )
    this.schema.raw(
      `CREATE INDEX posts_published_comments_index ON posts (comments_count, id) ${published}`
    )
    this.schema.raw(
      `CREATE INDEX posts_pending_visibility_index ON posts (audience, author_id, shared_post_id)
       WHERE status = 'pending' AND deleted_at IS NULL`
    )
    this.schema.alterTable('comments', (table) => {
      table.index(['created_at'], 'comments_created_at_index')
    })
    this.schema.alterTable('post_likes', (table) => {
      table.index(['created_at'], 'post_likes_created_at_index')
    })
    this.schema.alterTable('users', (table) => {
      table.index(['created_at'], 'users_created_at_index')
      table.index(['last_login_at'], 'users_last_login_at_index')
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropIndex(['last_login_at'], 'users_last_login_at_index')
      table.dropIndex(['created_at'], 'users_created_at_index')
    })
    this.schema.alterTable('post_likes', (table) => {
      table.dropIndex(['created_at'], 'post_likes_created_at_index')
    })
    this.schema.alterTable('comments', (table) => {
      table.dropIndex(['created_at'], 'comments_created_at_index')
    })
    for (const name of [
      'posts_pending_visibility_index',
      'posts_published_comments_index',
      'posts_published_likes_index',
      'posts_published_totals_index',
    ]) {
      this.schema.raw(`DROP INDEX ${name}`)
    }
    this.schema.alterTable('posts', (table) => {
      table.dropIndex(['created_at'], 'posts_created_at_index')
    })
    this.schema.dropTable('activity_daily')
  }
}
