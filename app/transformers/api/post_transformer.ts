import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PostCard } from '#queries/feeds/post_cards'
import { apiPerson } from '#transformers/api/person_transformer'
import { apiMedia } from '#transformers/api/media_transformer'

const iso = (value: { toISO(): string | null } | null | undefined) => (value ? value.toISO() : null)

/**
 * A post as the public API shows it (issue 14), from the same PostCard
 * read model the feeds and the post page use (THE visibility rule already
 * applied): ids as strings, ISO timestamps, the sanitised HTML and its
 * plain text, files, counters and the token owner's like. A share embeds
 * its original (`original`, null if it vanished meanwhile).
 */
export default class ApiPostTransformer extends BaseTransformer<PostCard> {
  toObject() {
    const post = this.resource
    const isShare = post.sharedPostId !== null
    return {
      ...base(post),
      status: post.status,
      isShare,
      original: isShare && post.sharedPost ? base(post.sharedPost) : null,
      liked: post.viewerLiked,
    }
  }
}

function base(post: PostCard) {
  return {
    id: String(post.id),
    author: apiPerson(post.author),
    bodyHtml: post.bodyHtml,
    bodyText: post.bodyText,
    audience: post.audience,
    createdAt: iso(post.createdAt),
    publishedAt: iso(post.publishedAt),
    updatedAt: iso(post.updatedAt),
    media: apiMedia(post.media),
    counts: { likes: post.likesCount, comments: post.commentsCount, shares: post.sharesCount },
  }
}

export function apiPost(post: PostCard) {
  return new ApiPostTransformer(post).toObject()
}
