import type { DateTime } from 'luxon'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import Post, { type PostAudience, type PostStatus } from '#models/post'
import type User from '#models/user'
import StoreMedia from '#actions/posts/store_media'
import { refuse } from '#exceptions/refuse'
import { EMPTY_POST_MESSAGE, preparePostBody } from '#services/posts/post_body'
import {
  allowedAudiences,
  EXTERNAL_AUDIENCE_MESSAGE,
  countCreatedPost,
  applyPublicationRule,
} from '#services/posts/publication'
import { insertMentions } from '#services/mentions'
import { runSqlSteps } from '#services/db/sql_steps'
import { insertModelRow, modelFromRow } from '#services/db/model_rows'
import { getSettings } from '#services/settings'
import { postCreatedSteps } from '#services/post_search_index'
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
 * written in one transaction (SqlSteps: straight on SQLite's connection when
 * it is free); files already stored are deleted if it fails.
 */
export default class CreatePost {
  async handle({ author, body, audience, files, clientKey }: CreatePostInput) {
    if (!allowedAudiences(author).includes(audience)) {
      throw refuse('audience', EXTERNAL_AUDIENCE_MESSAGE)
    }
    const prepared = await preparePostBody(author, body)
    if (!prepared.html && files.length === 0) throw refuse('body', EMPTY_POST_MESSAGE, 'required')

    const { moderationPolicy } = await getSettings()
    // The columns the moderation rule sets, as on an edit.
    const publication = {
      audience,
      status: 'pending' as PostStatus,
      publishedAt: null as DateTime | null,
      rejectionReason: null as string | null,
    }
    applyPublicationRule(publication, author, moderationPolicy)
    const media = new StoreMedia()
    const stored = await media.handle({ files })
    let post: Post
    try {
      post = await runSqlSteps(function* () {
        // Post's after-create hook (the search index's batches), as steps below.
        const [row] = yield insertModelRow(
          Post,
          {
            authorId: author.id,
            bodyHtml: prepared.html,
            bodyText: prepared.text,
            ...publication,
            sharedPostId: null,
            mediaCount: stored.length,
            clientKey: clientKey ?? null,
          },
          { callerRunsHooks: true }
        )
        yield* postCreatedSteps()
        const created = modelFromRow(Post, row)
        yield* StoreMedia.attachSteps(stored, {
          postId: created.id,
          uploaderId: author.id,
          firstPosition: 0,
        })
        // A new post has no mentions to replace: every one tagged is new.
        if (prepared.mentionIds.length) yield insertMentions(created.id, prepared.mentionIds)
        yield* countCreatedPost(created)
        return created
      })
    } catch (error) {
      await media.batch.discard()
      throw error
    }
    const tagged = prepared.mentionIds
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
