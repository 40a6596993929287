import { BaseTransformer } from '@adonisjs/core/transformers'
import type Media from '#models/media'
import type Post from '#models/post'
import type { PersonRecord } from '#queries/people/profiles'
import PersonTransformer from '#transformers/person_transformer'
import MediaTransformer from '#transformers/media_transformer'

/** A post being edited: the model, its files in order, and its author. */
export type EditedPost = { post: Post; media: Media[]; author: PersonRecord }

/**
 * A post as its edit form loads it (`Data.PostForm`): the body as HTML and
 * text, audience, status, files. `forAdmin` (Posts/Form) adds whether it is
 * an announcement and who wrote it.
 */
export default class PostFormTransformer extends BaseTransformer<EditedPost> {
  toObject() {
    const { post, media } = this.resource
    return {
      id: post.id,
      bodyHtml: post.bodyHtml,
      bodyText: post.bodyText,
      audience: post.audience,
      status: post.status,
      rejectionReason: post.rejectionReason,
      isShare: post.sharedPostId !== null,
      media: media.map((item) => new MediaTransformer(item).toObject()),
    }
  }

  forAdmin() {
    const { post, author } = this.resource
    return {
      ...this.toObject(),
      announced: post.announcedAt !== null,
      author: new PersonTransformer(author).toObject(),
    }
  }
}
