import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import Post, { type PostAudience } from '#models/post'
import type User from '#models/user'
import StoreMedia from '#actions/posts/store_media'
import { refuse } from '#exceptions/refuse'
import { EMPTY_POST_MESSAGE, preparePostBody } from '#services/posts/post_body'
import {
  allowedAudiences,
  applyPublicationRule,
  EXTERNAL_AUDIENCE_MESSAGE,
  countCreatedPost,
} from '#services/posts/publication'
import { saveMentions } from '#services/mentions'
import { getSettings } from '#services/settings'
import PostPublished from '#events/post_published'
import PostPending from '#events/post_pending'
import PostMentioned from '#events/post_mentioned'

export interface CreatePostInput {
  author: User
  body?: string | null
  audience: PostAudience
  files: MultipartFile[]
  /** The request's Idempotency-Key (unique per author). */
  clientKey?: string | null
}

/**
 * Publishes a post (or sends it to moderation): sanitised text, mentions,
 * up to 10 files. Text is optional when files are attached. Everything is
 * written in one transaction; files already stored are deleted if it fails.
 */
export default class CreatePost {
  async handle({ author, body, audience, files, clientKey }: CreatePostInput) {
    if (!allowedAudiences(author).includes(audience)) {
      throw refuse('audience', EXTERNAL_AUDIENCE_MESSAGE)
    }
    const prepared = await preparePostBody(author, body)
    if (!prepared.html && files.length === 0) throw refuse('body', EMPTY_POST_MESSAGE, 'required')

    const { moderationPolicy } = await getSettings()
    const media = new StoreMedia()
    const stored = await media.handle({ files })
    let created: { post: Post; tagged: number[] }
    try {
      created = await db.transaction(async (trx) => {
        const post = new Post()
        post.useTransaction(trx)
        post.merge({
          authorId: author.id,
          bodyHtml: prepared.html,
          bodyText: prepared.text,
          audience,
          sharedPostId: null,
          mediaCount: stored.length,
          clientKey: clientKey ?? null,
        })
        applyPublicationRule(post, author, moderationPolicy)
        await post.save()
        await StoreMedia.attach(
          stored,
          { postId: post.id, uploaderId: author.id, firstPosition: 0 },
          trx
        )
        // A new post has no mentions to replace: rows only when someone is tagged.
        const tagged = prepared.mentionIds.length
          ? await saveMentions(post.id, prepared.mentionIds, trx)
          : []
        await countCreatedPost(post, trx)
        return { post, tagged }
      })
    } catch (error) {
      await media.batch.discard()
      throw error
    }
    const { post, tagged } = created
    if (post.status === 'published') {
      await PostPublished.dispatch({
        postId: post.id,
        authorId: author.id,
        audience: post.audience,
      })
    }
    if (post.status === 'pending') await PostPending.dispatch({ postId: post.id })
    if (tagged.length) {
      await PostMentioned.dispatch({
        postId: post.id,
        authorId: author.id,
        userIds: tagged,
      })
    }
    return post
  }
}
