import User from '#models/user'
import { millisToDb } from '#services/db/db_time'
import { parsePairCursor } from '#queries/feeds/cursor'
import type { ProfileImageKind } from '#services/profile_images'

export const IMAGES_PER_PAGE = 24

const COLUMNS = {
  avatar: { key: 'avatar_key', at: 'avatar_changed_at' },
  cover: { key: 'cover_key', at: 'cover_changed_at' },
} as const

/**
 * Profile/Photos: the current avatars or covers, most recently uploaded
 * first, keyset-paginated ("<millis>.<id>" of the last card). Purged
 * accounts have none.
 */
export async function recentProfileImages(kind: ProfileImageKind, rawCursor: unknown) {
  const cursor = parsePairCursor(rawCursor)
  const { key, at } = COLUMNS[kind]
  const query = User.query().whereNotNull(key).whereNotNull(at).whereNull('deleted_at')
  if (cursor) {
    const when = millisToDb(cursor.key)
    query.where((q) =>
      q.where(at, '<', when).orWhere((s) => s.where(at, when).where('id', '<', cursor.id))
    )
  }
  const rows = await query
    .orderBy(at, 'desc')
    .orderBy('id', 'desc')
    .limit(IMAGES_PER_PAGE + 1)
  const items = rows.slice(0, IMAGES_PER_PAGE)
  const last = items[items.length - 1]
  const lastAt = last ? (kind === 'avatar' ? last.avatarChangedAt : last.coverChangedAt) : null
  return {
    items,
    nextCursor:
      rows.length > IMAGES_PER_PAGE && last && lastAt ? `${lastAt.toMillis()}.${last.id}` : null,
  }
}
