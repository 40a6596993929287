import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Liker } from '#queries/feeds/post_comments'
import PersonTransformer from '#transformers/person_transformer'

/** A line of "Liked by" (`Data.Liker`): the person, and when they liked the post. */
export default class LikerTransformer extends BaseTransformer<Liker> {
  toObject() {
    const { person, likedAt } = this.resource
    return {
      ...new PersonTransformer(person).toObject(),
      likedAt: likedAt ? likedAt.toISOString() : null,
    }
  }
}
