import type { HttpContext } from '@adonisjs/core/http'
import type Post from '#models/post'
import PostPolicy from '#policies/post_policy'
import ModeratePosts from '#actions/admin/moderate_posts'
import { visiblePosts } from '#queries/feeds/visible_posts'
import { audit } from '#services/audit'

export interface QueueDecisionInput {
  ids: number[]
  decision: 'approve' | 'reject'
  reason?: string | null
}

export type QueueDecisionOutcome =
  | { done: false; reason: 'missing'; message: string }
  | { done: true; decided: Post[]; skipped: number[] }

/**
 * Approves or rejects posts of the moderation queue at once, for Admin →
 * Moderation and `POST /api/v1/admin/moderation/decisions` alike: all or
 * nothing when one of the posts is not there (or not visible to the admin);
 * PostPolicy `moderate` on each (a refusal throws the policy's answer);
 * posts decided meanwhile by someone else are skipped; each decision is
 * audited.
 */
export default class DecideModerationQueue {
  async handle(
    ctx: Pick<HttpContext, 'auth' | 'request' | 'bouncer'>,
    input: QueueDecisionInput
  ): Promise<QueueDecisionOutcome> {
    const admin = ctx.auth.getUserOrFail()
    const { ids, decision, reason } = input
    const posts = await visiblePosts(admin).whereIn('posts.id', ids)
    if (posts.length !== ids.length) {
      return {
        done: false,
        reason: 'missing',
        message: 'Some of the chosen posts no longer exist. Nothing was changed.',
      }
    }
    for (const post of posts) await ctx.bouncer.with(PostPolicy).authorize('moderate', post)

    const verdict = decision === 'approve' ? 'approved' : 'rejected'
    const { decided, skipped } = await new ModeratePosts().handle(
      admin,
      ids,
      verdict,
      reason ?? null
    )
    for (const post of decided) {
      await audit(
        ctx,
        decision === 'approve' ? 'post.approve' : 'post.reject',
        { type: 'post', id: post.id },
        {
          authorId: post.authorId,
          audience: post.audience,
          ...(decision === 'reject' ? { reason } : {}),
          bulk: ids.length > 1,
        }
      )
    }
    return { done: true, decided, skipped }
  }
}
