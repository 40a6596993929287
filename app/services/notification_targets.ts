import router from '@adonisjs/core/services/router'
import type Notification from '#models/notification'
import type { TargetType } from '#enums/notification_kinds'

/** Where notifications lead (the notifications controller's redirect, NotificationTransformer). */

const urlFor = router.urlBuilder.urlFor

/** A one-to-one conversation, opened with the person who wrote. */
export function conversationUrl(username: string) {
  return urlFor('messages.show', { username })
}

/**
 * Where clicking a notification leads: the post (at the comment's anchor),
 * the conversation, the external accounts waiting for approval, or home.
 * A target the viewer can no longer see answers 404 there, as for any link.
 */
export function targetUrl(
  row: Pick<Notification, 'kind' | 'targetType' | 'targetId' | 'data'>
): string {
  const type: TargetType = row.targetType
  if (type === 'post') {
    const url = urlFor('posts.show', { id: row.targetId })
    return row.kind === 'post_commented' && row.data.commentId
      ? `${url}#comment-${row.data.commentId}`
      : url
  }
  if (type === 'comment') {
    const postId = row.data.postId
    if (!postId) return '/'
    return `${urlFor('posts.show', { id: postId })}#comment-${row.targetId}`
  }
  if (type === 'conversation') {
    // The list points at the person (see notificationItems); alone, the inbox.
    return urlFor('messages.index')
  }
  if (type === 'user') {
    if (row.kind === 'avatar_removed') return urlFor('profile.edit')
    if (row.kind === 'cover_removed') return urlFor('profile.cover')
    const base = urlFor('users.public')
    return row.kind === 'registration_pending' ? `${base}?status=pending` : '/'
  }
  if (type === 'report') return urlFor('admin.reports.index')
  return '/'
}
