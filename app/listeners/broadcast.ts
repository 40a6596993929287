import db from '@adonisjs/lucid/services/db'
import { publishNewPost, publishPostCounts } from '#services/live_posts'
import { publishModerationCounts } from '#services/moderation_live'
import { broadcast } from '#services/broadcast'
import { logged } from '#services/events'
import { userChannel } from '#services/realtime/channels'
import type CommentCreated from '#events/comment_created'
import type PostCountsChanged from '#events/post_counts_changed'
import type PostShared from '#events/post_shared'
import type PostPublished from '#events/post_published'
import type PostModerated from '#events/post_moderated'
import type MessageSent from '#events/message_sent'
import type ConversationRead from '#events/conversation_read'
import type UnreadMessagesChanged from '#events/unread_messages_changed'
import type UserTyping from '#events/user_typing'
import type NotificationsCreated from '#events/notifications_created'
import type NotificationsRead from '#events/notifications_read'
import { forRow, liveNotification } from '#services/notifications/live_items'
import { unreadCount } from '#queries/notifications'

/**
 * Events → realtime broadcasts (channel names: app/services/realtime/channels.ts).
 * Registered in start/events.ts; every event was dispatched after its
 * change committed, so what goes out is stored. Never throws into the
 * request.
 */
export default class Broadcast {
  /** A post's exact stored counts on its channel. */
  postCounts({ postId, counts }: PostCountsChanged) {
    return logged('broadcast.postCounts', () => publishPostCounts(postId, counts))
  }

  commentCreated({ postId }: CommentCreated) {
    return logged('broadcast.commentCreated', () => publishPostCounts(postId))
  }

  postShared({ originalId }: PostShared) {
    return logged('broadcast.postShared', () => publishPostCounts(originalId))
  }

  /** A newly visible post's id on the feed channels. */
  postPublished({ postId, audience }: PostPublished) {
    return logged('broadcast.postPublished', () => publishNewPost({ postId, audience }))
  }

  /** An approved post is out in the feeds now. */
  postModerated({ postId, decision }: PostModerated) {
    return logged('broadcast.postModerated', async () => {
      if (decision !== 'approved') return
      const post = await db.from('posts').where('id', postId).select('audience').first()
      if (post) await publishNewPost({ postId, audience: post.audience })
    })
  }

  /**
   * Every change to a moderation queue (a post waits, a post is decided, a
   * report comes in or is decided) pushes the new counts to the admins.
   */
  moderationCounts() {
    return logged('broadcast.moderationCounts', () => publishModerationCounts())
  }

  /**
   * `MessageSent` on each participant's own channel: the recipient's copy
   * carries their new unread total (the badge), the sender's copy reaches
   * their other tabs (not the socket that sent it). The recipient's first.
   */
  messageSent(event: MessageSent) {
    return logged('broadcast.messageSent', async () => {
      const { message, from, to } = event
      await broadcast(userChannel(event.recipientId), 'MessageSent', {
        message,
        from,
        to,
        unreadTotal: event.recipientUnread,
      })
      await broadcast(
        userChannel(event.senderId),
        'MessageSent',
        { message, from, to },
        { exceptSocketId: event.socketId }
      )
    })
  }

  /** "Seen" to the other person, then the reader's new unread total to their own tabs. */
  conversationRead(event: ConversationRead) {
    return logged('broadcast.conversationRead', async () => {
      await broadcast(userChannel(event.otherId), 'MessagesRead', {
        conversationId: event.conversationId,
        readerId: event.readerId,
        lastReadMessageId: event.lastReadMessageId,
      })
      await broadcast(userChannel(event.readerId), 'UnreadMessagesChanged', {
        conversationId: event.conversationId,
        unreadTotal: event.unreadTotal,
      })
    })
  }

  unreadMessagesChanged({ userId, conversationId, unreadTotal }: UnreadMessagesChanged) {
    return logged('broadcast.unreadMessagesChanged', () =>
      broadcast(userChannel(userId), 'UnreadMessagesChanged', { conversationId, unreadTotal })
    )
  }

  /** "… is typing" on the recipient's channel. */
  userTyping({ user, recipientId }: UserTyping) {
    return logged('broadcast.userTyping', () =>
      broadcast(userChannel(recipientId), 'UserTyping', { user })
    )
  }

  /**
   * Each new notification on its recipient's private channel, with their
   * new unread count (the bell's badge) and the group it replaced.
   */
  notificationsCreated(event: NotificationsCreated) {
    return logged('broadcast.notificationsCreated', async () => {
      if (event.notifications.length === 0) return
      const template = await liveNotification(event)
      const [first] = event.notifications
      for (const row of event.notifications) {
        await broadcast(userChannel(row.userId), 'NotificationCreated', {
          notification: forRow(template, first, row),
          unreadCount: event.unread.get(row.userId) ?? 0,
          replaces: event.replaces,
        })
      }
    })
  }

  /** Notifications read: the reader's other tabs and devices, with the new unread count. */
  notificationsRead({ userId, ids }: NotificationsRead) {
    return logged('broadcast.notificationsRead', async () =>
      broadcast(userChannel(userId), 'NotificationsRead', {
        ids: ids === 'all' ? [] : ids,
        all: ids === 'all',
        unreadCount: await unreadCount(userId),
      })
    )
  }
}
