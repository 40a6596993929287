import { BaseTransformer } from '@adonisjs/core/transformers'
import type Post from '#models/post'
import { excerpt } from '#transformers/admin/person_comment_transformer'

/** A post of the person (any state), on Profile/Index: `Data.Admin.PersonPost`. */
export default class PersonPostTransformer extends BaseTransformer<Post> {
  toObject() {
    const post = this.resource
    return {
      id: post.id,
      excerpt: excerpt(post.bodyText),
      status: post.status,
      audience: post.audience,
      likesCount: Number(post.likesCount ?? 0),
      commentsCount: Number(post.commentsCount ?? 0),
      createdAt: post.createdAt?.toISO() ?? null,
    }
  }
}
