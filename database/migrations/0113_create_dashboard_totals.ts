import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The admin dashboard's content totals (issue 19 §1, BENCHMARKS S7) as
 * exact counters: `dashboard_totals` holds, per slot, the published posts,
 * their comments and likes (the posts' own counters summed), the messages,
 * and the photos and videos (media rows by kind). The dashboard sums
 * the 8 rows instead of scanning 100k posts / every message / every media
 * row per request.
 *
 * Kept exact by triggers, in the transaction of the row change itself:
 * every write path (actions, cascades of an account purge, a seed's raw
 * INSERTs) moves them, and only when a counted value changes (a like on
 * a pending post writes nothing). A row's slot is its id % 8, so on
 * PostgreSQL concurrent likes of different posts rarely wait on the same
 * counter row. counters:repair recomputes every cell from the rows
 * (app/services/counter_repair.ts, same definitions).
 *
 * posts_published_totals_index (0110) is dropped: nothing reads it any
 * more, and it held likes_count, so every like rewrote an entry of it.
 *
 * Definitions (= app/queries/admin/dashboard.ts):
 * - posts: status 'published' and deleted_at null; comments / likes: the
 *   sums of those posts' comments_count / likes_count;
 * - messages: every messages row;
 * - photos / videos: media rows of kind 'image' / 'video'.
 */
const SLOTS = 8
const COUNTED = (row: string) => `${row}.status = 'published' AND ${row}.deleted_at IS NULL`

/** The same cell counts as counter_repair's definitions, for the backfill. */
const BACKFILL = `UPDATE dashboard_totals SET
  posts = (SELECT COUNT(*) FROM posts AS p WHERE ${COUNTED('p')} AND p.id % ${SLOTS} = dashboard_totals.slot),
  comments = (SELECT COALESCE(SUM(p.comments_count), 0) FROM posts AS p WHERE ${COUNTED('p')} AND p.id % ${SLOTS} = dashboard_totals.slot),
  likes = (SELECT COALESCE(SUM(p.likes_count), 0) FROM posts AS p WHERE ${COUNTED('p')} AND p.id % ${SLOTS} = dashboard_totals.slot),
  messages = (SELECT COUNT(*) FROM messages AS m WHERE m.id % ${SLOTS} = dashboard_totals.slot),
  photos = (SELECT COUNT(*) FROM media AS md WHERE md.kind = 'image' AND md.id % ${SLOTS} = dashboard_totals.slot),
  videos = (SELECT COUNT(*) FROM media AS md WHERE md.kind = 'video' AND md.id % ${SLOTS} = dashboard_totals.slot)`

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER dashboard_totals_posts_insert AFTER INSERT ON posts
   WHEN ${COUNTED('new')} BEGIN
     UPDATE dashboard_totals SET posts = posts + 1, comments = comments + new.comments_count,
       likes = likes + new.likes_count WHERE slot = new.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_posts_delete AFTER DELETE ON posts
   WHEN ${COUNTED('old')} BEGIN
     UPDATE dashboard_totals SET posts = posts - 1, comments = comments - old.comments_count,
       likes = likes - old.likes_count WHERE slot = old.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_posts_update
   AFTER UPDATE OF status, deleted_at, likes_count, comments_count ON posts
   WHEN (${COUNTED('old')}) OR (${COUNTED('new')}) BEGIN
     UPDATE dashboard_totals SET posts = posts - (${COUNTED('old')}),
       comments = comments - (CASE WHEN ${COUNTED('old')} THEN old.comments_count ELSE 0 END),
       likes = likes - (CASE WHEN ${COUNTED('old')} THEN old.likes_count ELSE 0 END)
       WHERE slot = old.id % ${SLOTS};
     UPDATE dashboard_totals SET posts = posts + (${COUNTED('new')}),
       comments = comments + (CASE WHEN ${COUNTED('new')} THEN new.comments_count ELSE 0 END),
       likes = likes + (CASE WHEN ${COUNTED('new')} THEN new.likes_count ELSE 0 END)
       WHERE slot = new.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_messages_insert AFTER INSERT ON messages BEGIN
     UPDATE dashboard_totals SET messages = messages + 1 WHERE slot = new.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_messages_delete AFTER DELETE ON messages BEGIN
     UPDATE dashboard_totals SET messages = messages - 1 WHERE slot = old.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_media_insert AFTER INSERT ON media
   WHEN new.kind IN ('image', 'video') BEGIN
     UPDATE dashboard_totals SET photos = photos + (new.kind = 'image'),
       videos = videos + (new.kind = 'video') WHERE slot = new.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_media_delete AFTER DELETE ON media
   WHEN old.kind IN ('image', 'video') BEGIN
     UPDATE dashboard_totals SET photos = photos - (old.kind = 'image'),
       videos = videos - (old.kind = 'video') WHERE slot = old.id % ${SLOTS};
   END`,
  `CREATE TRIGGER dashboard_totals_media_update AFTER UPDATE OF kind ON media
   WHEN old.kind IS NOT new.kind BEGIN
     UPDATE dashboard_totals SET photos = photos - (old.kind = 'image') + (new.kind = 'image'),
       videos = videos - (old.kind = 'video') + (new.kind = 'video') WHERE slot = old.id % ${SLOTS};
   END`,
]

const PG_FUNCTIONS = [
  `CREATE FUNCTION dashboard_totals_posts() RETURNS trigger AS $$
   BEGIN
     IF TG_OP <> 'INSERT' AND OLD.status = 'published' AND OLD.deleted_at IS NULL THEN
       UPDATE dashboard_totals SET posts = posts - 1, comments = comments - OLD.comments_count,
         likes = likes - OLD.likes_count WHERE slot = OLD.id % ${SLOTS};
     END IF;
     IF TG_OP <> 'DELETE' AND NEW.status = 'published' AND NEW.deleted_at IS NULL THEN
       UPDATE dashboard_totals SET posts = posts + 1, comments = comments + NEW.comments_count,
         likes = likes + NEW.likes_count WHERE slot = NEW.id % ${SLOTS};
     END IF;
     RETURN NULL;
   END $$ LANGUAGE plpgsql`,
  `CREATE FUNCTION dashboard_totals_messages() RETURNS trigger AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       UPDATE dashboard_totals SET messages = messages + 1 WHERE slot = NEW.id % ${SLOTS};
     ELSE
       UPDATE dashboard_totals SET messages = messages - 1 WHERE slot = OLD.id % ${SLOTS};
     END IF;
     RETURN NULL;
   END $$ LANGUAGE plpgsql`,
  `CREATE FUNCTION dashboard_totals_media() RETURNS trigger AS $$
   BEGIN
     IF TG_OP <> 'INSERT' AND OLD.kind IN ('image', 'video') THEN
       UPDATE dashboard_totals SET photos = photos - (OLD.kind = 'image')::int,
         videos = videos - (OLD.kind = 'video')::int WHERE slot = OLD.id % ${SLOTS};
     END IF;
     IF TG_OP <> 'DELETE' AND NEW.kind IN ('image', 'video') THEN
       UPDATE dashboard_totals SET photos = photos + (NEW.kind = 'image')::int,
         videos = videos + (NEW.kind = 'video')::int WHERE slot = NEW.id % ${SLOTS};
     END IF;
     RETURN NULL;
   END $$ LANGUAGE plpgsql`,
]

const PG_TRIGGERS = [
  // A like on a pending post changes likes_count but no total: the WHEN
  // clause keeps the function from running at all.
  `CREATE TRIGGER dashboard_totals_posts_update
   AFTER UPDATE OF status, deleted_at, likes_count, comments_count ON posts FOR EACH ROW
   WHEN ((OLD.status = 'published' AND OLD.deleted_at IS NULL)
      OR (NEW.status = 'published' AND NEW.deleted_at IS NULL))
   EXECUTE FUNCTION dashboard_totals_posts()`,
  `CREATE TRIGGER dashboard_totals_posts_insert_delete AFTER INSERT OR DELETE ON posts
   FOR EACH ROW EXECUTE FUNCTION dashboard_totals_posts()`,
  `CREATE TRIGGER dashboard_totals_messages AFTER INSERT OR DELETE ON messages
   FOR EACH ROW EXECUTE FUNCTION dashboard_totals_messages()`,
  `CREATE TRIGGER dashboard_totals_media AFTER INSERT OR DELETE OR UPDATE OF kind ON media
   FOR EACH ROW EXECUTE FUNCTION dashboard_totals_media()`,
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('dashboard_totals', (table) => {
      table.integer('slot').primary()
      table.bigInteger('posts').notNullable().defaultTo(0)
      table.bigInteger('comments').notNullable().defaultTo(0)
      table.bigInteger('likes').notNullable().defaultTo(0)
      table.bigInteger('messages').notNullable().defaultTo(0)
      table.bigInteger('photos').notNullable().defaultTo(0)
      table.bigInteger('videos').notNullable().defaultTo(0)
    })
    const postgres = this.db.dialect.name === 'postgres'
    this.defer(async (db) => {
      await db
        .table('dashboard_totals')
        .multiInsert(Array.from({ length: SLOTS }, (_, slot) => ({ slot })))
      await db.rawQuery(BACKFILL)
      for (const sql of postgres ? [...PG_FUNCTIONS, ...PG_TRIGGERS] : SQLITE_TRIGGERS) {
        await db.rawQuery(sql)
      }
    })
    this.schema.raw('DROP INDEX IF EXISTS posts_published_totals_index')
  }

  async down() {
    this.schema.raw(
      `CREATE INDEX posts_published_totals_index ON posts (likes_count, comments_count, status, deleted_at)
       WHERE status = 'published' AND deleted_at IS NULL`
    )
    const postgres = this.db.dialect.name === 'postgres'
    this.defer(async (db) => {
      if (postgres) {
        await db.rawQuery('DROP TRIGGER IF EXISTS dashboard_totals_posts_update ON posts')
        await db.rawQuery('DROP TRIGGER IF EXISTS dashboard_totals_posts_insert_delete ON posts')
        await db.rawQuery('DROP TRIGGER IF EXISTS dashboard_totals_messages ON messages')
        await db.rawQuery('DROP TRIGGER IF EXISTS dashboard_totals_media ON media')
        for (const name of ['posts', 'messages', 'media']) {
          await db.rawQuery(`DROP FUNCTION IF EXISTS dashboard_totals_${name}()`)
        }
      } else {
        for (const sql of SQLITE_TRIGGERS) {
          const name = /CREATE TRIGGER (\w+)/.exec(sql)![1]
          await db.rawQuery(`DROP TRIGGER IF EXISTS ${name}`)
        }
      }
    })
    this.schema.dropTable('dashboard_totals')
  }
}
