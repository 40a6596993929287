import db from '@adonisjs/lucid/services/db'
import {
  overridesOf,
  toSettingsRow,
  type NotificationSettingsRow,
} from '#services/notification_preferences'
import { getSettings } from '#services/settings'

/** One muted post or conversation, as the settings page lists it. */
export interface MuteRecord {
  targetType: 'post' | 'conversation'
  targetId: number
  /** The post's first words, or the other person's name. */
  label: string
  /** Post: its author; conversation: the other person (for the link). */
  username: string | null
  mutedAt: Date | string | null
}

/** What the notification settings page shows (issue 15 §4). */
export interface NotificationSettingsRecord {
  overrides: Map<string, boolean>
  settings: NotificationSettingsRow
  mutes: MuteRecord[]
  announcementsUnmutable: boolean
  /** The team sends a weekly digest (admin setting). */
  weeklyDigest: boolean
  pushEnabled: boolean
}

/** The settings page's data: 4 queries, whatever the person muted. */
export async function notificationSettingsOf(user: {
  id: number
  pushEnabled: boolean
}): Promise<NotificationSettingsRecord> {
  const [overrides, row, posts, conversations, { announcementsUnmutable, weeklyDigest }] =
    await Promise.all([
      overridesOf(user.id),
      db.from('notification_settings').where('user_id', user.id).first(),
      db
        .from('notification_mutes as nm')
        .join('posts', 'posts.id', 'nm.target_id')
        .join('users as author', 'author.id', 'posts.author_id')
        .where('nm.user_id', user.id)
        .where('nm.target_type', 'post')
        .orderBy('nm.created_at', 'desc')
        .limit(200)
        .select(
          'nm.target_id',
          'nm.created_at',
          'posts.body_text',
          'author.username',
          'author.full_name'
        ),
      db
        .from('notification_mutes as nm')
        .join('conversations as c', 'c.id', 'nm.target_id')
        .join('users as other', (join) => {
          join.on((on) => on.on('other.id', 'c.user_low_id').orOn('other.id', 'c.user_high_id'))
        })
        .where('nm.user_id', user.id)
        .where('nm.target_type', 'conversation')
        .whereNot('other.id', user.id)
        .orderBy('nm.created_at', 'desc')
        .limit(200)
        .select('nm.target_id', 'nm.created_at', 'other.username', 'other.full_name'),
      getSettings(),
    ])
  const excerpt = (text: string | null, author: string) => {
    const words = (text ?? '').replace(/\s+/g, ' ').trim()
    if (!words) return `A post by ${author}`
    return `${author}: ${words.length > 80 ? `${words.slice(0, 79)}…` : words}`
  }
  const mutes: MuteRecord[] = [
    ...posts.map((mute) => ({
      targetType: 'post' as const,
      targetId: Number(mute.target_id),
      label: excerpt(mute.body_text, mute.full_name),
      username: mute.username,
      mutedAt: mute.created_at,
    })),
    ...conversations.map((mute) => ({
      targetType: 'conversation' as const,
      targetId: Number(mute.target_id),
      label: `Conversation with ${mute.full_name}`,
      username: mute.username,
      mutedAt: mute.created_at,
    })),
  ]
  return {
    overrides,
    settings: toSettingsRow(row),
    mutes,
    announcementsUnmutable,
    weeklyDigest,
    pushEnabled: user.pushEnabled,
  }
}
