/**
 * Domain events of the engagement area, emitted after the transaction
 * commits. Notifications (PRODUCT §6: "post liked", "comment liked", "new
 * comment", never to oneself) listen to these.
 */
export interface PostLiked {
  postId: number
  postAuthorId: number
  userId: number
}

export interface CommentLiked {
  commentId: number
  postId: number
  commentAuthorId: number
  userId: number
}

export interface CommentCreated {
  commentId: number
  postId: number
  postAuthorId: number
  authorId: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'post:liked': PostLiked
    'comment:liked': CommentLiked
    'comment:created': CommentCreated
  }
}
