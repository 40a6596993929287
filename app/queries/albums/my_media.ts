import Media from '#models/media'
import type { Viewer } from '#queries/feeds/visible_posts'
import { parseIdCursor, splitPage } from '#queries/feeds/cursor'

/**
 * My photos / My videos (PRODUCT §8): the images or videos attached to the
 * viewer's own posts that are not deleted (every status: they are mine),
 * newest file first, keyset-paginated on the media id. Comment images are
 * not part of the albums (they belong to other people's posts).
 *
 * One query per page whatever its size: the media row joined with its post.
 * `uploader_id = viewer` (a post's files are uploaded by its author, the
 * only one who may edit it) lets the (uploader_id, kind, id) index deliver
 * the rows already in order; `posts.author_id = viewer` keeps the rule exact.
 */
export const ALBUM_PAGE_SIZE = 24

export type AlbumKind = 'image' | 'video'

export interface AlbumPage {
  data: Media[]
  cursor: string | null
  nextCursor: string | null
}

export async function myMedia(
  viewer: Viewer,
  kind: AlbumKind,
  rawCursor?: unknown,
  size = ALBUM_PAGE_SIZE
): Promise<AlbumPage> {
  const cursor = parseIdCursor(rawCursor)
  const query = Media.query()
    .select('media.*')
    .join('posts as album_post', 'album_post.id', 'media.post_id')
    .where('media.uploader_id', viewer.id)
    .where('media.kind', kind)
    .where('album_post.author_id', viewer.id)
    .whereNull('album_post.deleted_at')
  if (cursor !== null) query.where('media.id', '<', cursor)
  const rows = await query.orderBy('media.id', 'desc').limit(size + 1)
  const { items, hasMore } = splitPage(rows, size)
  return {
    data: items,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}
