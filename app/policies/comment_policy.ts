import type User from '#models/user'
import type Comment from '#models/comment'
import type Post from '#models/post'
import { BasePolicy } from '@adonisjs/bouncer'

type Actor = Pick<User, 'id' | 'role'>

/**
 * Who may delete a comment (PRODUCT §5): its author, the author of the post
 * it is on, and admins. Seeing the post (the visibility rule) is checked
 * before, by the controller: a post you cannot see is a 404, not a 403.
 */
export function canDeleteComment(
  actor: Actor,
  comment: Pick<Comment, 'authorId'>,
  post: Pick<Post, 'authorId'>
) {
  return actor.role === 'admin' || comment.authorId === actor.id || post.authorId === actor.id
}

export default class CommentPolicy extends BasePolicy {
  delete(actor: User, comment: Comment, post: Post) {
    return canDeleteComment(actor, comment, post)
  }
}
