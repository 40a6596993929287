import db from '@adonisjs/lucid/services/db'
import Comment from '#models/comment'
import type Post from '#models/post'
import type User from '#models/user'
import StoreCommentImages from '#actions/engagement/store_comment_images'
import type { StoredMedia } from '#services/media_storage'
import CommentCreated from '#events/comment_created'

/**
 * Writes a comment on a post the caller checked is visible and published,
 * with its images (already stored by StoreCommentImages; their rows are
 * written in the same transaction).
 * posts.comments_count and the author's users.comments_count move in the
 * same transaction as the row.
 */
export default class CreateComment {
  async handle(
    user: User,
    post: Pick<Post, 'id' | 'authorId'>,
    body: string,
    images: StoredMedia[] = [],
    clientKey: string | null = null
  ) {
    const { comment, commentsCount } = await db.transaction(async (trx) => {
      const created = await Comment.create(
        {
          postId: post.id,
          authorId: user.id,
          body,
          likesCount: 0,
          mediaCount: images.length,
          clientKey,
        },
        { client: trx }
      )
      if (images.length) {
        await StoreCommentImages.attach(images, { commentId: created.id, uploaderId: user.id }, trx)
      }
      await trx.from('posts').where('id', post.id).increment('comments_count', 1)
      await trx.from('users').where('id', user.id).increment('comments_count', 1)
      const row = await trx.from('posts').where('id', post.id).select('comments_count').first()
      return { comment: created, commentsCount: Number(row?.comments_count ?? 0) }
    })
    await CommentCreated.dispatch({
      commentId: comment.id,
      postId: post.id,
      postAuthorId: post.authorId,
      authorId: user.id,
    })
    return { comment, commentsCount }
  }
}
