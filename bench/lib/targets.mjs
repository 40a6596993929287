// Targets the write scenarios aim at, read from the seeded bench database.
import Database from 'better-sqlite3'

/** Published, visible top-level post ids, shuffled deterministically (like-toggle targets). */
export function visiblePostIds(dbFile, limit = 4000) {
  const db = new Database(dbFile, { readonly: true })
  const ids = db
    .prepare(
      `SELECT id FROM posts WHERE status = 'published' AND deleted_at IS NULL AND shared_post_id IS NULL
       AND audience IN ('team','public') ORDER BY id DESC LIMIT ?`
    )
    .all(limit)
    .map((r) => r.id)
  db.close()
  // deterministic shuffle
  let s = 7
  for (let i = ids.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648
    const j = s % (i + 1)
    ;[ids[i], ids[j]] = [ids[j], ids[i]]
  }
  return ids
}
