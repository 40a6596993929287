import type User from '#models/user'
import { comment, makePost } from '#tests/functional/feeds/fixtures'

/**
 * Records the security suites (tests/helpers/security.ts) point the feeds &
 * engagement routes at: a published team post by the member (so externals
 * cannot see it) with one comment by the admin.
 */
export interface EngagementWorld {
  postId: number
  commentId: number
}

export async function seedEngagementWorld(member: User, admin: User): Promise<EngagementWorld> {
  const post = await makePost(member, { audience: 'team', body: 'Engagement fixture post' })
  const reply = await comment(admin, post, 'Engagement fixture comment')
  return { postId: post.id, commentId: reply.id }
}
