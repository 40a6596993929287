import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import type User from '#models/user'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { canViewPost } from '#queries/feeds/visible_posts'
import { refuse } from '#exceptions/refuse'
import { prepareShareComment } from '#services/posts/post_body'
import { applyPublicationRule, recountShares, recountUserPosts } from '#services/posts/publication'
import { getSettings } from '#services/settings'
import PostShared from '#events/post_shared'
import PostPublished from '#events/post_published'
import PostPending from '#events/post_pending'
import { isUniqueViolation } from '#services/db/errors'

const ALREADY_SHARED_MESSAGE = 'You have already shared this post.'
const OWN_POST_MESSAGE = 'You cannot share your own post.'
const NOT_PUBLISHED_MESSAGE = 'Only published posts can be shared.'

export interface SharePostInput {
  sharer: User
  /** A post the sharer can see: an original, or a share of one. */
  post: Post
  comment?: string | null
}

/**
 * Shares (reposts) a visible post with an optional comment. Sharing a share
 * shares its original; one share per person per original (also enforced by
 * a unique index); not one's own post. The share has the original's
 * audience and follows the moderation rule like any post. The original's
 * shares_count and the sharer's posts_count change in the same transaction.
 */
export default class SharePost {
  async handle({ sharer, post, comment }: SharePostInput) {
    const original = post.sharedPostId === null ? post : await Post.find(post.sharedPostId)
    if (!original || !(await canViewPost(sharer, original))) throw new E_NOT_FOUND()
    if (original.status !== 'published') throw refuse('share', NOT_PUBLISHED_MESSAGE)
    if (original.authorId === sharer.id) throw refuse('share', OWN_POST_MESSAGE)
    const body = prepareShareComment(comment)
    const { moderationPolicy } = await getSettings()

    let result: { share: Post; original: Post }
    try {
      result = await db.transaction(async (trx) => {
        const previous = await Post.query({ client: trx })
          .where('author_id', sharer.id)
          .where('shared_post_id', original.id)
          .first()
        if (previous && !previous.deletedAt) throw refuse('share', ALREADY_SHARED_MESSAGE)
        // A share deleted earlier still holds the unique (author, original)
        // slot: sharing again replaces it.
        if (previous) await previous.useTransaction(trx).delete()

        const share = new Post()
        share.useTransaction(trx)
        share.merge({
          authorId: sharer.id,
          bodyHtml: body.html,
          bodyText: body.text,
          audience: original.audience,
          sharedPostId: original.id,
          mediaCount: 0,
        })
        applyPublicationRule(share, sharer, moderationPolicy)
        await share.save()
        await recountShares(original.id, trx)
        await recountUserPosts(sharer.id, trx)
        return { share, original }
      })
    } catch (error) {
      // Two clicks racing past the check: the unique index refuses the second.
      if (isUniqueViolation(error)) throw refuse('share', ALREADY_SHARED_MESSAGE)
      throw error
    }
    const published = result.share.status === 'published'
    if (!published) await PostPending.dispatch({ postId: result.share.id })
    await PostShared.dispatch({
      shareId: result.share.id,
      originalId: original.id,
      originalAuthorId: original.authorId,
      sharerId: sharer.id,
      published,
    })
    if (published) {
      await PostPublished.dispatch({
        postId: result.share.id,
        authorId: sharer.id,
        audience: result.share.audience,
      })
    }
    return result
  }
}
