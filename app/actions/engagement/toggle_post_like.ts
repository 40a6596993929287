import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type Post from '#models/post'
import type User from '#models/user'
import { deleteLike, hasLike, insertLike } from '#actions/engagement/like_rows'
import '#actions/engagement/engagement_events'
import '#actions/notifications/events'

/**
 * Likes or unlikes a post for a user (the caller checked the post is
 * visible and published). `want` sets the state (idempotent: liking twice
 * is one like); undefined toggles. posts.likes_count and the user's
 * likes_given_count (post likes given) move in the same transaction, only
 * when a row really changed.
 */
export default class TogglePostLike {
  async handle(user: User, post: Pick<Post, 'id' | 'authorId'>, want?: boolean) {
    const result = await db.transaction(async (trx) => {
      const target = want ?? !(await hasLike(trx, 'post_likes', 'post_id', post.id, user.id))
      let changed = false
      if (target) {
        changed = await insertLike(trx, 'post_likes', 'post_id', post.id, user.id)
        if (changed) {
          await trx.from('posts').where('id', post.id).increment('likes_count', 1)
          await trx.from('users').where('id', user.id).increment('likes_given_count', 1)
        }
      } else {
        changed = await deleteLike(trx, 'post_likes', 'post_id', post.id, user.id)
        if (changed) {
          await trx.from('posts').where('id', post.id).decrement('likes_count', 1)
          await trx.from('users').where('id', user.id).decrement('likes_given_count', 1)
        }
      }
      const row = await trx.from('posts').where('id', post.id).select('likes_count').first()
      return { liked: target, likes: Number(row?.likes_count ?? 0), changed }
    })
    if (result.changed) await emitter.emit('post:counts_changed', { postId: post.id })
    if (result.changed && result.liked) {
      await emitter.emit('post:liked', {
        postId: post.id,
        postAuthorId: post.authorId,
        userId: user.id,
      })
    }
    return { liked: result.liked, likes: result.likes }
  }
}
