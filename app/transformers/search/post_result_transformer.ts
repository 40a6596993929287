import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PostResult } from '#queries/search/search'
import { snippet } from '#queries/search/search_terms'
import PersonTransformer from '#transformers/person_transformer'

/**
 * A post found by Homepage/Search (`Data.Search.PostResult`): author, the
 * body's snippet as text parts with the hits marked (rendered as text,
 * never as HTML), counters and date.
 */
export default class PostResultTransformer extends BaseTransformer<PostResult> {
  constructor(
    resource: PostResult,
    protected terms: string[]
  ) {
    super(resource)
  }

  toObject() {
    const post = this.resource
    return {
      id: post.id,
      author: new PersonTransformer(post.author).toObject(),
      snippet: snippet(post.bodyText, this.terms),
      isShare: post.isShare,
      mediaCount: post.mediaCount,
      likes: post.likes,
      comments: post.comments,
      createdAt: post.createdAt?.toISO() ?? null,
    }
  }
}
