import { BaseTransformer } from '@adonisjs/core/transformers'
import type Comment from '#models/comment'

const EXCERPT = 160

export function excerpt(text: string | null | undefined) {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim()
  return flat.length <= EXCERPT ? flat : `${flat.slice(0, EXCERPT - 1).trimEnd()}…`
}

/** A comment of the person, on Profile/Index: `Data.Admin.PersonComment`. */
export default class PersonCommentTransformer extends BaseTransformer<Comment> {
  toObject() {
    const comment = this.resource
    return {
      id: comment.id,
      postId: comment.postId,
      excerpt: excerpt(comment.body),
      createdAt: comment.createdAt?.toISO() ?? null,
    }
  }
}
