import { DateTime } from 'luxon'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import Notification from '#models/notification'
import { notificationRecords } from '#queries/notifications'
import NotificationTransformer from '#transformers/notification_transformer'
import { hasVisibleTab, pushTitle } from '#services/notifications/push'
import { appUrl } from '#config/app'
import { getSettings } from '#services/settings'
import {
  CATEGORIES,
  KIND_CATEGORY,
  MAILED_KINDS,
  inQuietHours,
  quietOf,
  toSettingsRow,
} from '#services/notification_preferences'
import { dbTime } from '#services/db/db_time'
import AwaySummaryMail, { type SummaryItem } from '#mails/away_summary_mail'

/**
 * E-mail when away (issue 15 §3). Every few minutes (SendAwaySummariesJob,
 * start/scheduler.ts, one worker per run) each person who:
 * - has unread, not yet mailed notifications of the mailed kinds
 *   (mentions, messages, comments on their posts) with e-mail on for that
 *   kind (§4 grid), e-mail not unsubscribed, and is not in quiet hours;
 * - has not been active for their delay (default 1 h): no session touched
 *   since (sessions.expires_at − the session age; the database store
 *   refreshes it at least every minute of activity), no sign-in since, and
 *   no visible Huddle tab (the realtime presence);
 * gets ONE summary mail of all of them. Read notifications and messages
 * already read in the conversation are left out at send time. The rows
 * are claimed (emailed_at set where it was null) before the mail is queued,
 * so a row is never mailed twice even if two runs overlap.
 */
export const SESSION_AGE_MS = 2 * 60 * 60 * 1000

const UNSUBSCRIBE_PURPOSE = 'email-unsubscribe'

/** The one-click unsubscribe link of a person (signed, no expiry). */
export function unsubscribeUrl(userId: number) {
  return router.urlBuilder.signedUrlFor(
    'email.unsubscribe',
    { id: userId },
    { purpose: UNSUBSCRIBE_PURPOSE, prefixUrl: appUrl.replace(/\/+$/, '') }
  )
}

export { UNSUBSCRIBE_PURPOSE }

/** When each person was last active (sessions and sign-ins), one query each. */
export async function lastActiveAt(userIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>()
  if (userIds.length === 0) return map
  const seen = (id: number, at: number) => map.set(id, Math.max(map.get(id) ?? 0, at))
  const sessions = await db
    .from('sessions')
    .whereIn('user_id', userIds.map(String))
    .groupBy('user_id')
    .select('user_id')
    .max('expires_at as expires_at')
  for (const row of sessions) {
    const expires = new Date(row.expires_at).getTime()
    if (!Number.isNaN(expires)) seen(Number(row.user_id), expires - SESSION_AGE_MS)
  }
  const logins = await db.from('users').whereIn('id', userIds).select('id', 'last_login_at')
  for (const row of logins) {
    if (row.last_login_at) seen(Number(row.id), new Date(row.last_login_at).getTime())
  }
  return map
}

export interface SummaryRun {
  mailed: number
  notifications: number
}

/** One pass: mails every person due a summary at `now`. */
export async function sendAwaySummaries(now: DateTime = DateTime.now()): Promise<SummaryRun> {
  const candidates = await db
    .from('notifications as n')
    .join('users', 'users.id', 'n.user_id')
    .leftJoin('notification_settings as ns', 'ns.user_id', 'n.user_id')
    .whereNull('n.read_at')
    .whereNull('n.emailed_at')
    .whereIn('n.kind', MAILED_KINDS)
    .where('users.is_active', true)
    .whereNull('users.deleted_at')
    .whereNull('users.deletion_requested_at')
    .whereNotNull('users.email_verified_at')
    .where((query) =>
      query.whereNull('ns.email_unsubscribed').orWhere('ns.email_unsubscribed', false)
    )
    .distinct(
      'n.user_id',
      'ns.time_zone',
      'ns.quiet_start',
      'ns.quiet_end',
      'ns.email_after_minutes'
    )
  if (candidates.length === 0) return { mailed: 0, notifications: 0 }

  const ids = candidates.map((row) => Number(row.user_id))
  const active = await lastActiveAt(ids)
  const due: { userId: number }[] = []
  for (const row of candidates) {
    const userId = Number(row.user_id)
    const settings = toSettingsRow(row)
    if (inQuietHours(quietOf(settings), now)) continue
    const since = active.get(userId) ?? 0
    if (now.toMillis() - since < settings.emailAfterMinutes * 60_000) continue
    if (await hasVisibleTab(userId)) continue
    due.push({ userId })
  }
  if (due.length === 0) return { mailed: 0, notifications: 0 }

  // The e-mail column of the grid for every due person (one query).
  const overrides = await db
    .from('notification_preferences')
    .whereIn(
      'user_id',
      due.map((row) => row.userId)
    )
    .where('channel', 'email')
    .select('user_id', 'category', 'enabled')
  const emailOn = (userId: number, kind: (typeof MAILED_KINDS)[number]) => {
    const category = KIND_CATEGORY[kind]
    const stored = overrides.find(
      (row) => Number(row.user_id) === userId && row.category === category
    )
    return stored ? Boolean(stored.enabled) : CATEGORIES[category].defaults.email
  }

  const { teamName } = await getSettings()
  let mailed = 0
  let count = 0
  for (const { userId } of due) {
    const sent = await summariseFor(userId, now, teamName, emailOn)
    if (sent) {
      mailed += 1
      count += sent
    }
  }
  return { mailed, notifications: count }
}

async function summariseFor(
  userId: number,
  now: DateTime,
  teamName: string,
  emailOn: (userId: number, kind: (typeof MAILED_KINDS)[number]) => boolean
) {
  const rows = await Notification.query()
    .where('user_id', userId)
    .whereNull('read_at')
    .whereNull('emailed_at')
    .whereIn('kind', MAILED_KINDS)
    .orderBy('id', 'desc')
    .limit(50)
  let wanted = rows.filter((row) => emailOn(userId, row.kind as any))
  // Messages already read in the conversation were seen.
  const conversations = wanted
    .filter((row) => row.targetType === 'conversation')
    .map((row) => row.targetId)
  if (conversations.length) {
    const unread = await db
      .from('conversation_participants')
      .where('user_id', userId)
      .whereIn('conversation_id', conversations)
      .where('unread_count', '>', 0)
      .select('conversation_id')
    const open = new Set(unread.map((row) => Number(row.conversation_id)))
    wanted = wanted.filter((row) => row.targetType !== 'conversation' || open.has(row.targetId))
  }
  if (wanted.length === 0) return 0

  // Claim them: only rows still unmailed and unread go in this mail (a
  // run that overlaps this one finds them claimed).
  const stamp = dbTime(now)
  const claimedIds = await db.transaction(async (trx) => {
    await trx
      .from('notifications')
      .whereIn(
        'id',
        wanted.map((row) => row.id)
      )
      .whereNull('emailed_at')
      .whereNull('read_at')
      .update({ emailed_at: stamp })
    const claimed = await trx
      .from('notifications')
      .whereIn(
        'id',
        wanted.map((row) => row.id)
      )
      .where('emailed_at', stamp)
      .select('id')
    return new Set(claimed.map((row) => Number(row.id)))
  })
  const mine = wanted.filter((row) => claimedIds.has(row.id))
  if (mine.length === 0) return 0

  const user = await db.from('users').where('id', userId).select('id', 'email', 'full_name').first()
  if (!user) return 0
  const records = await notificationRecords(mine, userId)
  const items: SummaryItem[] = records.map((record) => {
    const shown = new NotificationTransformer(record).toObject()
    return { title: pushTitle(shown), url: absolute(shown.target) }
  })
  try {
    await mail.sendLater(
      new AwaySummaryMail(
        { email: user.email, fullName: user.full_name },
        teamName,
        items,
        unsubscribeUrl(userId),
        absolute(router.urlBuilder.urlFor('profile.notifications.edit'))
      )
    )
  } catch (error) {
    logger.error({ err: error, userId }, 'could not queue an away summary')
  }
  return mine.length
}

function absolute(path: string) {
  if (/^https?:\/\//.test(path)) return path
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}
