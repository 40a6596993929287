import vine from '@vinejs/vine'
import { type CATEGORY_IDS, EMAIL_AFTER_CHOICES } from '#services/notification_preferences'

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

const channels = () =>
  vine
    .object({
      in_app: vine.boolean().optional(),
      push: vine.boolean().optional(),
      email: vine.boolean().optional(),
    })
    .optional()

/**
 * The notification settings form (issue 15 §4): the grid (categories ×
 * channels, booleans; a missing cell is its default), quiet hours as
 * "HH:MM" (both or neither), the time zone they are read in, how long away
 * before e-mail, e-mail on or off, and the weekly digest on or off.
 */
export const notificationSettingsValidator = vine.create(
  vine.object({
    grid: vine
      .object({
        likes: channels(),
        comments: channels(),
        mentions: channels(),
        shares: channels(),
        messages: channels(),
        announcements: channels(),
        admin: channels(),
        account: channels(),
      } satisfies Record<(typeof CATEGORY_IDS)[number], unknown>)
      .optional(),
    quietStart: vine.string().trim().regex(CLOCK).nullable().optional(),
    quietEnd: vine.string().trim().regex(CLOCK).nullable().optional(),
    timeZone: vine.string().trim().maxLength(64).nullable().optional(),
    emailAfterMinutes: vine
      .number()
      .in([...EMAIL_AFTER_CHOICES])
      .optional(),
    emailEnabled: vine.boolean().optional(),
    digestEnabled: vine.boolean().optional(),
  })
)

export const muteValidator = vine.create(
  vine.object({
    muted: vine.boolean(),
  })
)
