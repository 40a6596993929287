import { visiblePosts, type Viewer } from '#queries/feeds/visible_posts'

/** The bar says "99+ new posts" beyond this. */
export const NEW_POSTS_CAP = 99

/**
 * How many posts of `feed` newer than `afterId` the viewer may see (the
 * same filters as the feeds in feeds.ts, through the visibility scope), in
 * one query reading at most NEW_POSTS_CAP + 1 ids. The viewer's own posts
 * are left out: they put them there themselves.
 */
export async function newPostsCount(viewer: Viewer, feed: 'team' | 'public', afterId: number) {
  const query = visiblePosts(viewer)
    .where('posts.status', 'published')
    .where('posts.id', '>', afterId)
    .whereNot('posts.author_id', viewer.id)
  if (feed === 'public') query.where('posts.audience', 'public')
  else query.whereIn('posts.audience', ['team', 'public'])
  const rows = await query
    .clearSelect()
    .select('posts.id')
    .orderBy('posts.id', 'asc')
    .limit(NEW_POSTS_CAP + 1)
  return {
    count: Math.min(rows.length, NEW_POSTS_CAP),
    more: rows.length > NEW_POSTS_CAP,
  }
}
