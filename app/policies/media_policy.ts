import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Media from '#models/media'
import { canViewPost } from '#queries/feeds/visible_posts'
import { isBlockedPair } from '#queries/people/blocked_pair'
import { isMessageParticipant, liveComment } from '#queries/media/media_access'

/**
 * Who may download a stored file (GET /media/:id). A file that fails
 * `download` is answered with the same 404 as a file that does not exist,
 * never a 403, so its existence stays hidden.
 */
export default class MediaPolicy extends BasePolicy {
  /**
   * A post's file: the post must be visible to the viewer (THE rule, which
   * lets authors see their own pending posts). A comment's file: its
   * comment must be live, its post visible, and no block between the
   * viewer and the commenter. A message's file: the two people of its
   * conversation only (admins included: nobody else). A file not attached
   * to anything yet: only its uploader.
   */
  async download(user: User, media: Media) {
    if (media.postId !== null) return canViewPost(user, media.postId)
    if (media.messageId !== null) return isMessageParticipant(media.messageId, user.id)
    if (media.commentId !== null) {
      const comment = await liveComment(media.commentId)
      if (!comment) return false
      if (await isBlockedPair(user.id, comment.authorId)) return false
      return canViewPost(user, comment.postId)
    }
    return media.uploaderId === user.id
  }
}
