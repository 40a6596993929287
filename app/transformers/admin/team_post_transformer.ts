import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PostCard } from '#queries/feeds/post_cards'
import PostTransformer from '#transformers/post_transformer'

const EXCERPT_LENGTH = 160

/**
 * One line of the admin post lists (`Data.Admin.TeamPost`):
 * PostModerations/IndexST (all team posts) and Posts/Index (the admins'
 * posts): who, what (excerpt, first thumbnail), where, status, counts.
 */
export default class TeamPostTransformer extends BaseTransformer<PostCard> {
  toObject() {
    const post = this.resource
    const card = new PostTransformer(post, { id: 0, role: 'admin' }).toObject()
    const text = post.bodyText.replace(/\s+/g, ' ').trim()
    const media = card.isShare && card.original ? card.original.media : card.media
    return {
      id: card.id,
      author: card.author,
      excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
      audience: card.audience,
      status: card.status,
      announced: post.announcedAt !== null,
      isShare: card.isShare,
      original: card.original ? { id: card.original.id, author: card.original.author } : null,
      thumbUrl: media.find((item) => item.thumbUrl)?.thumbUrl ?? null,
      mediaCount: media.length,
      counts: card.counts,
      rejectionReason: card.rejectionReason,
      createdAt: card.createdAt,
      publishedAt: card.publishedAt,
    }
  }
}
