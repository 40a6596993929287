import { BaseTransformer } from '@adonisjs/core/transformers'
import router from '@adonisjs/core/services/router'
import type { NotificationSettingsRecord } from '#queries/notification_settings'
import {
  CATEGORIES,
  CATEGORY_IDS,
  CHANNELS,
  EMAIL_AFTER_CHOICES,
  effective,
  kindsOf,
  type Channel,
} from '#services/notification_preferences'

function toIso(value: Date | string | null) {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** "HH:MM" of minutes after midnight. */
function clock(minutes: number | null) {
  if (minutes === null) return null
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * The notification settings page (`Data.NotificationSettings`): the grid
 * (every category with its kinds, each channel's effective value and
 * whether it can be changed), quiet hours, e-mail when away, and the
 * muted posts and conversations.
 */
type SettingsRecord = NotificationSettingsRecord

export default class NotificationSettingsTransformer extends BaseTransformer<SettingsRecord> {
  toObject() {
    const { overrides, settings, mutes, announcementsUnmutable, weeklyDigest, pushEnabled } =
      this.resource
    return {
      channels: CHANNELS.map((channel) => ({ id: channel, label: CHANNEL_LABELS[channel] })),
      categories: CATEGORY_IDS.map((id) => {
        const definition = CATEGORIES[id]
        return {
          id,
          label: definition.label,
          description: definition.description,
          kinds: kindsOf(id) as string[],
          cells: CHANNELS.map((channel) => {
            const unmutable =
              id === 'announcements' && channel === 'in_app' && announcementsUnmutable
            return {
              channel,
              enabled: effective(id, channel, overrides.get(`${id}.${channel}`), {
                announcementsUnmutable,
              }),
              available: !definition.unavailable.includes(channel),
              locked: definition.locked.includes(channel) || unmutable,
              defaultEnabled: definition.defaults[channel],
            }
          }),
        }
      }),
      quietHours: {
        start: clock(settings.quietStart),
        end: clock(settings.quietEnd),
      },
      timeZone: settings.timeZone,
      emailAfterMinutes: settings.emailAfterMinutes,
      emailAfterChoices: [...EMAIL_AFTER_CHOICES] as number[],
      emailEnabled: !settings.emailUnsubscribed,
      /** The team sends a weekly digest; `digestEnabled`: this person gets it. */
      weeklyDigest,
      digestEnabled: !settings.digestUnsubscribed,
      pushEnabled,
      announcementsUnmutable,
      mutes: mutes.map((mute) => ({
        targetType: mute.targetType,
        targetId: mute.targetId,
        label: mute.label,
        url:
          mute.targetType === 'post'
            ? router.urlBuilder.urlFor('posts.show', { id: mute.targetId })
            : mute.username
              ? router.urlBuilder.urlFor('messages.show', { username: mute.username })
              : null,
        username: mute.username,
        mutedAt: toIso(mute.mutedAt),
      })),
    }
  }
}

const CHANNEL_LABELS: Record<Channel, string> = {
  in_app: 'In the app',
  push: 'Push',
  email: 'E-mail',
}
