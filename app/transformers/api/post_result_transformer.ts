import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PostResult } from '#queries/search/search'
import { snippet } from '#queries/search/search_terms'
import { apiPerson } from '#transformers/api/person_transformer'

/**
 * A post found by a search, as the public API shows it: the search page's
 * snippet (plain text parts, hits marked), counters, ids as strings.
 */
export default class ApiPostResultTransformer extends BaseTransformer<PostResult> {
  constructor(
    resource: PostResult,
    protected terms: string[]
  ) {
    super(resource)
  }

  toObject() {
    const post = this.resource
    return {
      id: String(post.id),
      author: apiPerson(post.author)!,
      snippet: snippet(post.bodyText, this.terms),
      isShare: post.isShare,
      mediaCount: post.mediaCount,
      likes: post.likes,
      comments: post.comments,
      createdAt: post.createdAt?.toISO() ?? null,
    }
  }
}
