import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Post from '#models/post'
import Media from '#models/media'
import { UserFactory } from '#database/factories/user_factory'

let sequence = 0

/**
 * Media rows (no files: tests that need bytes on the faked disk store them
 * under `fileKey`). Default: a 1200×800 JPEG image with display and thumb
 * keys. States: video, pdf. Created through PostFactory.with('media', n),
 * which keeps posts.media_count exact.
 */
export const MediaFactory = factory
  .define(Media, () => {
    sequence += 1
    const key = `test/run-${process.pid}/media-${sequence}`
    return {
      kind: 'image' as const,
      mime: 'image/jpeg',
      size: 1000,
      originalName: `file-${sequence}.jpg`,
      fileKey: key,
      displayKey: `${key}-display`,
      thumbKey: `${key}-thumb`,
      width: 1200,
      height: 800,
      position: 0,
      commentId: null,
      messageId: null,
    }
  })
  .before('create', async (_, media, ctx) => {
    // Created for a post: its author uploaded it, after its other files.
    if (media.postId && !media.uploaderId) {
      const post = await ctx.$trx!.from('posts').where('id', media.postId).firstOrFail()
      media.uploaderId = Number(post.author_id)
      const taken = await ctx
        .$trx!.from('media')
        .where('post_id', media.postId)
        .count('* as total')
        .firstOrFail()
      media.position = Number(taken.total)
    }
  })
  .state('video', (media) => {
    media.kind = 'video'
    media.mime = 'video/mp4'
    media.originalName = media.originalName.replace(/\.jpg$/, '.mp4')
    media.displayKey = null
    media.thumbKey = null
  })
  .state('pdf', (media) => {
    media.kind = 'pdf'
    media.mime = 'application/pdf'
    media.originalName = media.originalName.replace(/\.jpg$/, '.pdf')
    media.displayKey = null
    media.thumbKey = null
    media.width = null
    media.height = null
  })
  .build()

/**
 * Posts for tests, written straight to the database with the denormalised
 * counters the posts actions keep (app/actions/posts/publication.ts):
 * after the insert, the author's users.posts_count, the original's
 * posts.shares_count (for a share) and the post's media_count are
 * recounted from the rows, so tests/helpers/counters.ts finds no drift.
 * likes_count and comments_count start at 0: add likes and comments with
 * CommentFactory or the engagement routes (a test may merge other values
 * on purpose, e.g. to rank posts, and then owns the drift).
 *
 * Default: a published team post by a new member. Usage:
 *   PostFactory.merge({ authorId: user.id }).apply('public').create()
 *   PostFactory.merge({ authorId: user.id, sharedPostId: original.id }).create()
 *   PostFactory.merge({ authorId: user.id }).with('media', 2).create()
 * States: team, public, pending, rejected, announcement, deleted.
 */
export const PostFactory = factory
  .define(Post, () => {
    sequence += 1
    const body = `Post number ${sequence}`
    return {
      bodyHtml: `<p>${body}</p>`,
      bodyText: body,
      audience: 'team' as const,
      status: 'published' as const,
      sharedPostId: null,
      publishedAt: DateTime.now(),
      deletedAt: null,
      likesCount: 0,
      commentsCount: 0,
      sharesCount: 0,
      mediaCount: 0,
    }
  })
  .state('team', (post) => {
    post.audience = 'team'
  })
  .state('public', (post) => {
    post.audience = 'public'
  })
  .state('pending', (post) => {
    post.status = 'pending'
    post.publishedAt = null
  })
  .state('rejected', (post) => {
    post.status = 'rejected'
    post.publishedAt = null
    post.rejectionReason = 'Not for this team'
  })
  .state('announcement', (post) => {
    post.announcedAt = DateTime.now()
  })
  .state('deleted', (post) => {
    post.deletedAt = DateTime.now()
  })
  .relation('media', () => MediaFactory)
  .before('create', async (_, post, ctx) => {
    // No author given: a new member writes it.
    if (!post.authorId) {
      const author = await UserFactory.client(ctx.$trx!).create()
      post.authorId = author.id
    }
  })
  .after('create', async (_, post, ctx) => {
    await recountPost(post, ctx.$trx!)
  })
  .build()

/** The counters a new post touches, recounted from the rows (as the actions leave them). */
async function recountPost(post: Post, trx: TransactionClientContract) {
  const media = await trx.from('media').where('post_id', post.id).count('* as total').firstOrFail()
  post.mediaCount = Number(media.total)
  await trx.from('posts').where('id', post.id).update({ media_count: post.mediaCount })
  await trx
    .from('users')
    .where('id', post.authorId)
    .update({
      posts_count: trx.raw(
        `(SELECT COUNT(*) FROM posts WHERE author_id = ? AND status = 'published' AND deleted_at IS NULL)`,
        [post.authorId]
      ),
    })
  if (post.sharedPostId) {
    await trx
      .from('posts')
      .where('id', post.sharedPostId)
      .update({
        shares_count: trx.raw(
          `(SELECT COUNT(*) FROM posts AS s WHERE s.shared_post_id = ? AND s.status = 'published' AND s.deleted_at IS NULL)`,
          [post.sharedPostId]
        ),
      })
  }
}
