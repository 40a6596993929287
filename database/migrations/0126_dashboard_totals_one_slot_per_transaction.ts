import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * PostgreSQL: a transaction moves the dashboard's content totals
 * (dashboard_totals, 0113) in one slot row only, its transaction id % 8,
 * instead of each changed row's id % 8.
 *
 * By row id, a post with an image moved two slot rows (the post's, then the
 * image's), and so did a comment with a photo (its post's counts, then the
 * photo), a message with a file, a post deleted with its media: two such
 * transactions taking the same two slots in the other order deadlocked,
 * and PostgreSQL aborted one of them — a 500 for a post with an image
 * (tests/functional/ops/kill_durability.spec.ts, about 1 in 2,000 writes
 * of its storm; five transactions in a cycle over slot rows). Held to one
 * slot row, a transaction can wait on another's counter row but never hold
 * one while waiting for a second.
 * Concurrent transactions still spread over the 8 rows (consecutive ids).
 *
 * Only the sum of a column over the 8 rows means anything now, which is
 * all the dashboard reads; counters:repair compares and repairs the sums
 * (app/services/counter_repair.ts). The stored values stay right as they
 * are: nothing to backfill. SQLite runs one write transaction at a time
 * and keeps 0113's triggers.
 */
const SLOTS = 8

/** 0113's trigger functions, with the slot a changed row counts in. */
function functions(slotOf: (row: 'NEW' | 'OLD') => string) {
  return [
    `CREATE OR REPLACE FUNCTION dashboard_totals_posts() RETURNS trigger AS $$
     BEGIN
       IF TG_OP <> 'INSERT' AND OLD.status = 'published' AND OLD.deleted_at IS NULL THEN
         UPDATE dashboard_totals SET posts = posts - 1, comments = comments - OLD.comments_count,
           likes = likes - OLD.likes_count WHERE slot = ${slotOf('OLD')};
       END IF;
       IF TG_OP <> 'DELETE' AND NEW.status = 'published' AND NEW.deleted_at IS NULL THEN
         UPDATE dashboard_totals SET posts = posts + 1, comments = comments + NEW.comments_count,
           likes = likes + NEW.likes_count WHERE slot = ${slotOf('NEW')};
       END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE OR REPLACE FUNCTION dashboard_totals_messages() RETURNS trigger AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         UPDATE dashboard_totals SET messages = messages + 1 WHERE slot = ${slotOf('NEW')};
       ELSE
         UPDATE dashboard_totals SET messages = messages - 1 WHERE slot = ${slotOf('OLD')};
       END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE OR REPLACE FUNCTION dashboard_totals_media() RETURNS trigger AS $$
     BEGIN
       IF TG_OP <> 'INSERT' AND OLD.kind IN ('image', 'video') THEN
         UPDATE dashboard_totals SET photos = photos - (OLD.kind = 'image')::int,
           videos = videos - (OLD.kind = 'video')::int WHERE slot = ${slotOf('OLD')};
       END IF;
       IF TG_OP <> 'DELETE' AND NEW.kind IN ('image', 'video') THEN
         UPDATE dashboard_totals SET photos = photos + (NEW.kind = 'image')::int,
           videos = videos + (NEW.kind = 'video')::int WHERE slot = ${slotOf('NEW')};
       END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
  ]
}

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name !== 'postgres') return
    for (const sql of functions(() => `(txid_current() % ${SLOTS})::int`)) this.schema.raw(sql)
  }

  async down() {
    if (this.db.dialect.name !== 'postgres') return
    // Back to a row's id % 8 (the sums, all anything reads, stay right).
    for (const sql of functions((row) => `${row}.id % ${SLOTS}`)) this.schema.raw(sql)
  }
}
