import type Post from '#models/post'
import type User from '#models/user'
import ModeratePosts, { type ModerationDecision } from '#actions/admin/moderate_posts'

export type ModerationResult = { decided: true } | { decided: false; reason: 'not_pending' }

/**
 * An admin's decision on a pending post (PRODUCT §3 moderation rule),
 * from Posts/Index and Posts/Show; the queue decides many at once with
 * ModeratePosts, which this calls with one post.
 */
export default class ModeratePost {
  async handle(
    moderator: Pick<User, 'id'>,
    post: Post,
    decision: ModerationDecision,
    reason: string | null = null
  ): Promise<ModerationResult> {
    const { decided } = await new ModeratePosts().handle(moderator, [post.id], decision, reason)
    if (decided.length === 0) return { decided: false, reason: 'not_pending' }
    await post.refresh()
    return { decided: true }
  }
}
