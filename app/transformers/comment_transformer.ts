import type { Viewer } from '#queries/feeds/visible_posts'
import type { CommentCard } from '#queries/feeds/post_comments'
import { authorJson, mediaJson } from '#transformers/post_transformer'
import { canDeleteComment } from '#policies/comment_policy'

/**
 * How comments reach the browser: author as on post cards (never e-mail),
 * plain-text body (rendered as text, never as HTML), images by URLs of the
 * authorising media route (as on post cards), counters, the
 * viewer's like, and what the viewer may do, decided on the server
 * (CommentPolicy: the comment's author, the post's author, admins delete).
 */
export default class CommentTransformer {
  static forViewer(
    comment: CommentCard,
    viewer: Viewer,
    post: { authorId: number; status: string }
  ) {
    const { author, media } = comment
    return {
      id: comment.id,
      postId: comment.postId,
      author: author ? authorJson(author) : null,
      body: comment.body,
      media: media.map(mediaJson),
      createdAt: comment.createdAt?.toISO() ?? null,
      likes: comment.likesCount,
      liked: comment.viewerLiked,
      can: {
        delete: canDeleteComment(viewer, comment, post),
        like: post.status === 'published',
      },
    }
  }
}

export type CommentJson = ReturnType<typeof CommentTransformer.forViewer>
