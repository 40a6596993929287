/**
 * Post and comment shapes as the server sends them
 * (app/transformers/post_transformer.ts, comment_transformer.ts).
 */
import type { Person } from '~/types'

/** A post's or comment's author: a person as others see them. */
export type PostAuthor = Person

export type PostMedia = {
  id: number
  kind: 'image' | 'video' | 'pdf'
  width: number | null
  height: number | null
  name: string
  url: string
  displayUrl: string
  thumbUrl: string | null
}

export type PostCounts = {
  likes: number
  comments: number
  shares: number
}

export type PostAbilities = {
  edit: boolean
  delete: boolean
  share: boolean
  like: boolean
  comment: boolean
}

export type OriginalPost = {
  id: number
  author: PostAuthor | null
  bodyHtml: string
  audience: 'team' | 'public'
  createdAt: string | null
  publishedAt: string | null
  media: PostMedia[]
  counts: PostCounts
}

export type FeedPost = {
  id: number
  author: PostAuthor | null
  bodyHtml: string
  audience: 'team' | 'public'
  status: 'published' | 'pending' | 'rejected'
  createdAt: string | null
  publishedAt: string | null
  edited: boolean
  media: PostMedia[]
  isShare: boolean
  /** An admin's announcement to all members. */
  announced: boolean
  /** For a share: the original; null when it is no longer available. */
  original: OriginalPost | null
  counts: PostCounts
  liked: boolean
  can: PostAbilities
  /** A rejected post's reason, for its author and admins (My posts). */
  rejectionReason: string | null
}

export type DetailPost = FeedPost & {
  rejectionReason: string | null
  updatedAt: string | null
}

export type PostComment = {
  id: number
  postId: number
  author: PostAuthor | null
  body: string
  /** Images attached to the comment (up to 4), served like post media. */
  media: PostMedia[]
  createdAt: string | null
  likes: number
  liked: boolean
  can: { delete: boolean; like: boolean }
}

/** A keyset page of comments (oldest first). */
export type CommentPage = {
  data: PostComment[]
  nextCursor: number | null
}
