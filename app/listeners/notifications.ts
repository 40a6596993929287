import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { eligibleRecipients, notify, notifyMany } from '#actions/notifications/notify'
import { canViewPost } from '#queries/feeds/visible_posts'
import { publishNewPost, publishPostCounts } from '#services/live_posts'
import '#actions/engagement/engagement_events'
import '#actions/notifications/events'

/**
 * Domain events → notifications (PRODUCT §6) and live feed updates
 * (issue 4 §4). Every listener runs after the feature's transaction
 * committed and never throws into the request that emitted the event.
 * notify() refuses self-notifications, blocked pairs and dead accounts.
 */
function safely<T>(name: string, handler: (payload: T) => Promise<unknown>) {
  return async (payload: T) => {
    try {
      await handler(payload)
    } catch (error) {
      logger.error({ err: error, event: name }, 'a notification listener failed')
    }
  }
}

/** Events other features declare themselves (messages, announcements). */
interface MessageSent {
  messageId: number
  conversationId: number
  senderId: number
  recipientId: number
}
interface PostAnnounced {
  postId: number
  authorId: number
}
const onForeign = emitter.on.bind(emitter) as unknown as <T>(
  event: string,
  handler: (payload: T) => Promise<void>
) => void

emitter.on(
  'post:liked',
  safely('post:liked', async ({ postId, postAuthorId, userId }) => {
    // The counts went out with post:counts_changed (likes and unlikes).
    await notify({
      recipientId: postAuthorId,
      kind: 'post_liked',
      actorId: userId,
      target: { type: 'post', id: postId },
    })
  })
)

emitter.on(
  'comment:liked',
  safely('comment:liked', async ({ commentId, postId, commentAuthorId, userId }) => {
    await notify({
      recipientId: commentAuthorId,
      kind: 'comment_liked',
      actorId: userId,
      target: { type: 'comment', id: commentId },
      data: { postId },
    })
  })
)

emitter.on(
  'comment:created',
  safely('comment:created', async ({ commentId, postId, postAuthorId, authorId }) => {
    await publishPostCounts(postId)
    await notify({
      recipientId: postAuthorId,
      kind: 'post_commented',
      actorId: authorId,
      target: { type: 'post', id: postId },
      data: { commentId },
    })
  })
)

emitter.on(
  'post:counts_changed',
  safely('post:counts_changed', ({ postId, counts }) => publishPostCounts(postId, counts))
)

emitter.on(
  'post:mentioned',
  safely('post:mentioned', async ({ postId, authorId, userIds }) => {
    await notifyMentioned(postId, authorId, userIds)
  })
)

emitter.on(
  'post:shared',
  safely('post:shared', async ({ originalId, originalAuthorId, sharerId, published }) => {
    await publishPostCounts(originalId)
    if (!published) return
    await notify({
      recipientId: originalAuthorId,
      kind: 'post_shared',
      actorId: sharerId,
      target: { type: 'post', id: originalId },
    })
  })
)

emitter.on(
  'post:published',
  safely('post:published', ({ postId, audience }) => publishNewPost({ postId, audience }))
)

emitter.on(
  'post:moderated',
  safely('post:moderated', async ({ postId, authorId, moderatorId, decision, reason }) => {
    await notify({
      recipientId: authorId,
      kind: decision === 'approved' ? 'post_approved' : 'post_rejected',
      actorId: moderatorId,
      target: { type: 'post', id: postId },
      data: { reason: reason ?? null },
    })
    if (decision !== 'approved') return
    const post = await db.from('posts').where('id', postId).select('audience').first()
    if (post) await publishNewPost({ postId, audience: post.audience })
    // People tagged in a post waiting for moderation are told once it is out.
    const tagged = await db.from('post_mentions').where('post_id', postId).select('user_id')
    await notifyMentioned(
      postId,
      authorId,
      tagged.map((row) => Number(row.user_id))
    )
  })
)

emitter.on(
  'registration:pending',
  safely('registration:pending', async ({ userId }) => {
    await notifyMany((client) => eligibleRecipients(userId, client).where('users.role', 'admin'), {
      kind: 'registration_pending',
      actorId: userId,
      target: { type: 'user', id: userId },
    })
  })
)

emitter.on(
  'account:approved',
  safely('account:approved', async ({ userId }) => {
    await notify({
      recipientId: userId,
      kind: 'account_approved',
      actorId: null,
      target: { type: 'user', id: userId },
    })
  })
)

emitter.on(
  'report:resolved',
  safely('report:resolved', async ({ reportId, reporterId, resolverId }) => {
    await notify({
      recipientId: reporterId,
      kind: 'report_resolved',
      actorId: resolverId,
      target: { type: 'report', id: reportId },
    })
  })
)

onForeign<MessageSent>(
  'message:sent',
  safely('message:sent', async ({ conversationId, senderId, recipientId }: MessageSent) => {
    await notify({
      recipientId,
      kind: 'message_received',
      actorId: senderId,
      target: { type: 'conversation', id: conversationId },
    })
  })
)

onForeign<PostAnnounced>(
  'post:announced',
  safely('post:announced', async ({ postId, authorId }: PostAnnounced) => {
    const post = await db
      .from('posts')
      .where('id', postId)
      .select('audience', 'status', 'deleted_at')
      .first()
    if (!post || post.status !== 'published' || post.deleted_at) return
    // Everyone whose account works and who may see the post: members and
    // admins, and externals too when the announcement is public.
    const roles = post.audience === 'public' ? ['member', 'admin', 'external'] : ['member', 'admin']
    await notifyMany(
      (client) =>
        eligibleRecipients(authorId, client)
          .whereIn('users.role', roles)
          .where('users.approval_status', 'approved')
          .whereNotNull('users.email_verified_at'),
      { kind: 'announcement', actorId: authorId, target: { type: 'post', id: postId } }
    )
  })
)

/** Tags notify only people who may see the post now (a pending post: nobody yet). */
async function notifyMentioned(postId: number, authorId: number, userIds: number[]) {
  if (userIds.length === 0) return
  const post = await db.from('posts').where('id', postId).select('status').first()
  if (post?.status !== 'published') return
  const users = await User.query().whereIn('id', [...new Set(userIds)])
  for (const user of users) {
    if (!(await canViewPost(user, postId))) continue
    await notify({
      recipientId: user.id,
      kind: 'post_mentioned',
      actorId: authorId,
      target: { type: 'post', id: postId },
    })
  }
}
