import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Comment from '#models/comment'
import { UserFactory } from '#database/factories/user_factory'
import { PostFactory } from '#database/factories/post_factory'

let sequence = 0

/**
 * Comments for tests, with the counters the comment actions keep
 * (app/actions/engagement/create_comment.ts): the post's comments_count and
 * the author's users.comments_count are recounted from the rows after the
 * insert. Without `postId` a new post is created; without `authorId` a new
 * member writes it. State: deleted (soft-deleted, not counted).
 *
 *   CommentFactory.merge({ postId: post.id, authorId: user.id }).create()
 */
export const CommentFactory = factory
  .define(Comment, () => {
    sequence += 1
    return { body: `Comment number ${sequence}`, likesCount: 0, mediaCount: 0, deletedAt: null }
  })
  .state('deleted', (comment) => {
    comment.deletedAt = DateTime.now()
  })
  .before('create', async (_, comment, ctx) => {
    if (!comment.authorId) {
      const author = await UserFactory.client(ctx.$trx!).create()
      comment.authorId = author.id
    }
    if (!comment.postId) {
      const post = await PostFactory.client(ctx.$trx!).create()
      comment.postId = post.id
    }
  })
  .after('create', async (_, comment, ctx) => {
    await recountComments(comment, ctx.$trx!)
  })
  .build()

async function recountComments(comment: Comment, trx: TransactionClientContract) {
  await trx
    .from('posts')
    .where('id', comment.postId)
    .update({
      comments_count: trx.raw(
        `(SELECT COUNT(*) FROM comments WHERE post_id = ? AND deleted_at IS NULL)`,
        [comment.postId]
      ),
    })
  await trx
    .from('users')
    .where('id', comment.authorId)
    .update({
      comments_count: trx.raw(
        `(SELECT COUNT(*) FROM comments WHERE author_id = ? AND deleted_at IS NULL)`,
        [comment.authorId]
      ),
    })
}
