import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { PostAudience } from '#models/post'
import type Post from '#models/post'
import type User from '#models/user'
import Media from '#models/media'
import StoreMedia from '#actions/posts/store_media'
import { refuse } from '#exceptions/refuse'
import {
  EMPTY_POST_MESSAGE,
  MAX_SHARE_COMMENT,
  preparePostBody,
  prepareShareComment,
} from '#services/posts/post_body'
import {
  allowedAudiences,
  applyPublicationRule,
  EXTERNAL_AUDIENCE_MESSAGE,
  recountShares,
  recountUserPosts,
} from '#services/posts/publication'
import { deleteMediaFiles } from '#services/media_storage'
import { saveMentions } from '#services/mentions'
import { getSettings } from '#services/settings'
import PostPublished from '#events/post_published'
import PostPending from '#events/post_pending'
import PostMentioned from '#events/post_mentioned'

export interface UpdatePostInput {
  post: Post
  author: User
  body?: string | null
  audience: PostAudience
  /** Ids of the post's media to remove (ids of other posts' media are ignored). */
  removeMedia?: number[]
  files: MultipartFile[]
}

/**
 * Edits a post: text, audience, mentions and media can each change,
 * including removing every file, as long as the post keeps text or media.
 * The moderation rule runs again (a public post by a member goes back to
 * pending). A share keeps its original and audience: only its comment
 * (plain text) changes.
 */
export default class UpdatePost {
  async handle({ post, author, body, audience, removeMedia = [], files }: UpdatePostInput) {
    const isShare = post.sharedPostId !== null
    if (isShare && files.length > 0) throw refuse('files', 'A shared post cannot have files.')
    const newAudience = isShare ? post.audience : audience
    if (!allowedAudiences(author).includes(newAudience)) {
      throw refuse('audience', EXTERNAL_AUDIENCE_MESSAGE)
    }

    const { moderationPolicy } = await getSettings()
    const prepared = isShare ? this.shareComment(body) : await preparePostBody(author, body)
    const existing = await Media.query().where('post_id', post.id).orderBy('position').orderBy('id')
    const removing = existing.filter((item) => removeMedia.includes(item.id))
    const kept = existing.filter((item) => !removeMedia.includes(item.id))
    if (!isShare && !prepared.html && kept.length + files.length === 0) {
      throw refuse('body', EMPTY_POST_MESSAGE, 'required')
    }

    const media = new StoreMedia()
    const stored = await media.handle({ files, keptCount: kept.length })
    const wasPublished = post.status === 'published'
    let tagged: number[] = []
    try {
      await db.transaction(async (trx) => {
        post.useTransaction(trx)
        post.merge({
          bodyHtml: prepared.html,
          bodyText: prepared.text,
          audience: newAudience,
          mediaCount: kept.length + stored.length,
        })
        applyPublicationRule(post, author, moderationPolicy)
        await post.save()
        if (removing.length) {
          await trx
            .from('media')
            .whereIn(
              'id',
              removing.map((item) => item.id)
            )
            .delete()
        }
        // Kept files keep their order; new ones follow.
        for (const [position, item] of kept.entries()) {
          if (item.position !== position) {
            await trx.from('media').where('id', item.id).update({ position })
          }
        }
        await StoreMedia.attach(
          stored,
          { postId: post.id, uploaderId: author.id, firstPosition: kept.length },
          trx
        )
        tagged = await saveMentions(post.id, prepared.mentionIds, trx)
        if (post.sharedPostId !== null) await recountShares(post.sharedPostId, trx)
        await recountUserPosts(post.authorId, trx)
      })
    } catch (error) {
      await media.batch.discard()
      throw error
    }
    // Only once the change is committed: a rollback must find its files.
    await deleteMediaFiles(
      removing.flatMap((item) => [item.fileKey, item.displayKey, item.thumbKey])
    )
    if (!wasPublished && post.status === 'published') {
      await PostPublished.dispatch({
        postId: post.id,
        authorId: post.authorId,
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

  private shareComment(body: string | null | undefined) {
    if ((body ?? '').trim().length > MAX_SHARE_COMMENT) {
      throw refuse(
        'body',
        `The comment must not be longer than ${MAX_SHARE_COMMENT} characters.`,
        'maxLength'
      )
    }
    return prepareShareComment(body)
  }
}
