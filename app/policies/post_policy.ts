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

  /** The author, or any admin. */
  delete(user: User, post: Post) {
    return post.deletedAt === null && (post.authorId === user.id || user.role === 'admin')
  }
}
