import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
// The action is NotifyOne here: this listener class is Notify.
import NotifyOne from '#actions/notifications/notify'
import NotifyMany from '#actions/notifications/notify_many'
import { eligibleRecipients } from '#services/notifications/recipients'
import { canViewPost } from '#queries/feeds/visible_posts'
import { logged } from '#services/events'
import type PostLiked from '#events/post_liked'
import type CommentLiked from '#events/comment_liked'
import type CommentCreated from '#events/comment_created'
import type PostMentioned from '#events/post_mentioned'
import type PostShared from '#events/post_shared'
import type PostModerated from '#events/post_moderated'
import type PostUnpublished from '#events/post_unpublished'
import type PostAnnounced from '#events/post_announced'
import type RegistrationPending from '#events/registration_pending'
import type AccountApproved from '#events/account_approved'
import type ProfileImageRemoved from '#events/profile_image_removed'
import type ReportResolved from '#events/report_resolved'
import type MessageSent from '#events/message_sent'
import type ConversationRead from '#events/conversation_read'
import MarkConversationNoticesRead from '#actions/notifications/mark_conversation_notices_read'

/**
 * Events → notifications (the bell, its live push, Web Push). Registered
 * in start/events.ts. NotifyOne refuses self-notifications, blocked pairs
 * and dead accounts; a failure is logged, never thrown into the request.
 */
export default class Notify {
  postLiked({ postId, postAuthorId, userId }: PostLiked) {
    return logged('notify.postLiked', () =>
      new NotifyOne().handle({
        recipientId: postAuthorId,
        kind: 'post_liked',
        actorId: userId,
        target: { type: 'post', id: postId },
      })
    )
  }

  commentLiked({ commentId, postId, commentAuthorId, userId }: CommentLiked) {
    return logged('notify.commentLiked', () =>
      new NotifyOne().handle({
        recipientId: commentAuthorId,
        kind: 'comment_liked',
        actorId: userId,
        target: { type: 'comment', id: commentId },
        data: { postId },
      })
    )
  }

  commentCreated({ commentId, postId, postAuthorId, authorId }: CommentCreated) {
    return logged('notify.commentCreated', () =>
      new NotifyOne().handle({
        recipientId: postAuthorId,
        kind: 'post_commented',
        actorId: authorId,
        target: { type: 'post', id: postId },
        data: { commentId },
      })
    )
  }

  postMentioned({ postId, authorId, userIds }: PostMentioned) {
    return logged('notify.postMentioned', () => notifyMentioned(postId, authorId, userIds))
  }

  postShared({ originalId, originalAuthorId, sharerId, published }: PostShared) {
    return logged('notify.postShared', async () => {
      if (!published) return
      await new NotifyOne().handle({
        recipientId: originalAuthorId,
        kind: 'post_shared',
        actorId: sharerId,
        target: { type: 'post', id: originalId },
      })
    })
  }

  postModerated({ postId, authorId, moderatorId, decision, reason }: PostModerated) {
    return logged('notify.postModerated', async () => {
      await new NotifyOne().handle({
        recipientId: authorId,
        kind: decision === 'approved' ? 'post_approved' : 'post_rejected',
        actorId: moderatorId,
        target: { type: 'post', id: postId },
        data: { reason: reason ?? null },
      })
      if (decision !== 'approved') return
      // People tagged in a post waiting for moderation are told once it is out.
      const tagged = await db.from('post_mentions').where('post_id', postId).select('user_id')
      await notifyMentioned(
        postId,
        authorId,
        tagged.map((row) => Number(row.user_id))
      )
    })
  }

  postUnpublished({ postId, authorId, moderatorId, reason }: PostUnpublished) {
    return logged('notify.postUnpublished', () =>
      new NotifyOne().handle({
        recipientId: authorId,
        kind: 'post_unpublished',
        actorId: moderatorId,
        target: { type: 'post', id: postId },
        data: { reason },
      })
    )
  }

  postAnnounced({ postId, authorId }: PostAnnounced) {
    return logged('notify.postAnnounced', async () => {
      const post = await db
        .from('posts')
        .where('id', postId)
        .select('audience', 'status', 'deleted_at')
        .first()
      if (!post || post.status !== 'published' || post.deleted_at) return
      // Everyone whose account works and who may see the post: members and
      // admins, and externals too when the announcement is public.
      const roles =
        post.audience === 'public' ? ['member', 'admin', 'external'] : ['member', 'admin']
      await new NotifyMany().handle(
        (client) =>
          eligibleRecipients(authorId, client)
            .whereIn('users.role', roles)
            .where('users.approval_status', 'approved')
            .whereNotNull('users.email_verified_at'),
        { kind: 'announcement', actorId: authorId, target: { type: 'post', id: postId } }
      )
    })
  }

  registrationPending({ userId }: RegistrationPending) {
    return logged('notify.registrationPending', () =>
      new NotifyMany().handle(
        (client) => eligibleRecipients(userId, client).where('users.role', 'admin'),
        {
          kind: 'registration_pending',
          actorId: userId,
          target: { type: 'user', id: userId },
        }
      )
    )
  }

  accountApproved({ userId }: AccountApproved) {
    return logged('notify.accountApproved', () =>
      new NotifyOne().handle({
        recipientId: userId,
        kind: 'account_approved',
        actorId: null,
        target: { type: 'user', id: userId },
      })
    )
  }

  profileImageRemoved({ userId, kind, reason }: ProfileImageRemoved) {
    return logged('notify.profileImageRemoved', () =>
      new NotifyOne().handle({
        recipientId: userId,
        kind: kind === 'avatar' ? 'avatar_removed' : 'cover_removed',
        actorId: null,
        target: { type: 'user', id: userId },
        data: { reason },
      })
    )
  }

  reportResolved({ reportId, reporterId, resolverId, outcome }: ReportResolved) {
    return logged('notify.reportResolved', () =>
      new NotifyOne().handle({
        recipientId: reporterId,
        kind: 'report_resolved',
        actorId: resolverId,
        target: { type: 'report', id: reportId },
        data: { reason: outcome ?? null },
      })
    )
  }

  messageSent({ conversationId, senderId, recipientId }: MessageSent) {
    return logged('notify.messageSent', () =>
      new NotifyOne().handle({
        recipientId,
        kind: 'message_received',
        actorId: senderId,
        target: { type: 'conversation', id: conversationId },
      })
    )
  }

  /** Reading a conversation to its end reads its "new message" notifications. */
  conversationRead({ conversationId, readerId }: ConversationRead) {
    return logged('notify.conversationRead', () =>
      new MarkConversationNoticesRead().handle(readerId, conversationId)
    )
  }
}

/** Tags notify only people who may see the post now (a pending post: nobody yet). */
async function notifyMentioned(postId: number, authorId: number, userIds: number[]) {
  if (userIds.length === 0) return
  const post = await db.from('posts').where('id', postId).select('status').first()
  if (post?.status !== 'published') return
  const users = await User.query().whereIn('id', [...new Set(userIds)])
  for (const user of users) {
    if (!(await canViewPost(user, postId))) continue
    await new NotifyOne().handle({
      recipientId: user.id,
      kind: 'post_mentioned',
      actorId: authorId,
      target: { type: 'post', id: postId },
    })
  }
}
