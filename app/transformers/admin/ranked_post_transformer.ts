import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Post from '#models/post'
import UserTransformer from '#transformers/user_transformer'

const EXCERPT = 240

/**
 * A post in the dashboard's drill-down lists (Dashboard/MostLikedPosts,
 * MostCommentPosts, UserPosts): a plain-text excerpt, its state and
 * counters, its author (when loaded) and the admin page to open it
 * (`Data.Admin.RankedPost`).
 */
export default class RankedPostTransformer extends BaseTransformer<Post> {
  toObject() {
    const post = this.resource
    const text = post.bodyText.trim()
    const author = post.$preloaded.author ? post.author : null
    return {
      id: post.id,
      excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text,
      isShare: post.sharedPostId !== null,
      status: post.status,
      audience: post.audience,
      deleted: post.deletedAt !== null,
      rejectionReason: post.rejectionReason,
      likesCount: post.likesCount,
      commentsCount: post.commentsCount,
      mediaCount: post.mediaCount,
      createdAt: post.createdAt.toISO(),
      author: author ? new UserTransformer(author).toObject() : null,
      url: post.deletedAt === null ? urlFor('admin.posts.show', { id: post.id }) : null,
    }
  }
}
