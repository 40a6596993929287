import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Post from '#models/post'
import { canViewPost } from '#queries/feeds/visible_posts'

/**
 * Who may do what with a post (PRODUCT §3). Seeing a post is THE
 * visibility rule (app/queries/feeds/visible_posts.ts); a post that fails
 * `view` is answered with a 404, never a 403, so its existence stays
 * hidden. The other abilities assume the post is visible.
 */
export default class PostPolicy extends BasePolicy {
  /** Every signed-in account may write (externals: public posts only, checked on save). */
  create(_user: User) {
    return true
  }

  async view(user: User, post: Post) {
    return canViewPost(user, post)
  }

  /** Only the author edits a post (admins moderate or delete instead). */
  update(user: User, post: Post) {
    return post.authorId === user.id && post.deletedAt === null
  }

  /** Admins decide on posts waiting for review (the moderation queue, Posts/Index). */
  moderate(user: User, post: Post) {
    return user.role === 'admin' && post.deletedAt === null
  }

  /**
   * Admins take someone else's post back to review (PostModerations/IndexST;
   * only a published one changes); an admin's own post is edited instead.
   */
  unpublish(user: User, post: Post) {
    return user.role === 'admin' && post.deletedAt === null && post.authorId !== user.id
  }

  /** The author, or any admin. */
  delete(user: User, post: Post) {
    return post.deletedAt === null && (post.authorId === user.id || user.role === 'admin')
  }
}
