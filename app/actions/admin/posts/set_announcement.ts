import { DateTime } from 'luxon'
import Post from '#models/post'
import type User from '#models/user'
import PostAnnounced from '#events/post_announced'

/**
 * Turns the announcement mark of an admin's own post on or off
 * (CreateAdminPost, UpdatePostAsAdmin). `post:announced` is emitted once,
 * when the mark is newly set on a published post (notifications go to all
 * members then).
 */
export default class SetAnnouncement {
  async handle(author: User, post: Post, announce: boolean) {
    const wasAnnounced = post.announcedAt !== null && post.announcedAt !== undefined
    if (announce === wasAnnounced || author.role !== 'admin') return
    // A fresh row: the one given may still hold the committed transaction.
    const row = await Post.findOrFail(post.id)
    row.announcedAt = announce ? DateTime.now() : null
    await row.save()
    post.announcedAt = row.announcedAt
    if (announce && post.status === 'published') {
      await PostAnnounced.dispatch({ postId: post.id, authorId: author.id })
    }
  }
}
