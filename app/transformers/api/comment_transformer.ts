import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CommentCard } from '#queries/feeds/post_comments'
import { apiPerson } from '#transformers/api/person_transformer'
import { apiMedia } from '#transformers/api/media_transformer'

/** A comment (plain text, up to 4 images) as the public API shows it. */
export default class ApiCommentTransformer extends BaseTransformer<CommentCard> {
  toObject() {
    const comment = this.resource
    return {
      id: String(comment.id),
      postId: String(comment.postId),
      author: apiPerson(comment.author),
      body: comment.body,
      media: apiMedia(comment.media),
      createdAt: comment.createdAt?.toISO() ?? null,
      likes: comment.likesCount,
      liked: comment.viewerLiked,
    }
  }
}

export function apiComment(comment: CommentCard) {
  return new ApiCommentTransformer(comment).toObject()
}
