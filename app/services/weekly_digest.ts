import { DateTime } from 'luxon'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { appUrl } from '#config/app'
import { getSettings } from '#services/settings'
import { inQuietHours, quietOf, toSettingsRow } from '#services/notification_preferences'
import { UNSUBSCRIBE_PURPOSE } from '#services/away_summaries'
import { digestPosts } from '#queries/feeds/digest_posts'
import { dbTime } from '#services/db/db_time'
import type { Role } from '#enums/role'
import WeeklyDigestMail, { type DigestItem } from '#mails/weekly_digest_mail'

/**
 * The weekly team digest (issue 15 §3), off unless an admin turned it on
 * (Settings: "Weekly team digest by e-mail"). Hourly on Mondays
 * (SendWeeklyDigestsJob, start/scheduler.ts, one worker per run), each
 * person who:
 * - has a live, verified account, did not unsubscribe from notification
 *   e-mails nor opt out of the digest (their notification settings, or the
 *   digest's one-click unsubscribe);
 * - got no digest in the last DIGEST_EVERY_DAYS days;
 * - is not in their quiet hours (a later run that Monday mails them);
 * - may see at least one of the week's liked or commented posts
 *   (`digestPosts`: the visibility rule, so never a post by someone either
 *   of them blocked)
 * gets ONE mail of the week's most liked and commented posts. The person
 * is claimed (last_digest_at moved forward only where it was older) before
 * the mail is queued, so overlapping runs never mail them twice.
 */
export const DIGEST_EVERY_DAYS = 6

/** The digest's one-click unsubscribe link of a person (signed, no expiry): the digest only. */
export function digestUnsubscribeUrl(userId: number) {
  return router.urlBuilder.signedUrlFor(
    'email.unsubscribe',
    { id: userId },
    {
      qs: { list: 'digest' },
      purpose: UNSUBSCRIBE_PURPOSE,
      prefixUrl: appUrl.replace(/\/+$/, ''),
    }
  )
}

export interface DigestRun {
  mailed: number
}

/** One pass: mails every person due a digest at `now` (nothing when the team has it off). */
export async function sendWeeklyDigests(now: DateTime = DateTime.now()): Promise<DigestRun> {
  const { weeklyDigest, teamName } = await getSettings()
  if (!weeklyDigest) return { mailed: 0 }
  const cutoff = dbTime(now.minus({ days: DIGEST_EVERY_DAYS }))
  const candidates = await db
    .from('users')
    .leftJoin('notification_settings as ns', 'ns.user_id', 'users.id')
    .where('users.is_active', true)
    .whereNull('users.deleted_at')
    .whereNull('users.deletion_requested_at')
    .whereNotNull('users.email_verified_at')
    .where((query) =>
      query.whereNull('ns.email_unsubscribed').orWhere('ns.email_unsubscribed', false)
    )
    .where((query) =>
      query.whereNull('ns.digest_unsubscribed').orWhere('ns.digest_unsubscribed', false)
    )
    .where((query) =>
      query.whereNull('ns.last_digest_at').orWhere('ns.last_digest_at', '<', cutoff)
    )
    .orderBy('users.id')
    .select(
      'users.id',
      'users.role',
      'users.email',
      'users.full_name',
      'ns.time_zone',
      'ns.quiet_start',
      'ns.quiet_end'
    )

  const settingsUrl = absolute(router.urlBuilder.urlFor('profile.notifications.edit'))
  let mailed = 0
  for (const row of candidates) {
    const userId = Number(row.id)
    if (inQuietHours(quietOf(toSettingsRow(row)), now)) continue
    const posts = await digestPosts({ id: userId, role: row.role as Role }, now)
    if (posts.length === 0) continue
    if (!(await claim(userId, now, cutoff))) continue
    const items: DigestItem[] = posts.map((post) => ({
      author: post.authorName,
      excerpt: excerpt(post.bodyText),
      likes: post.likesCount,
      comments: post.commentsCount,
      url: absolute(router.urlBuilder.urlFor('posts.show', { id: post.id })),
    }))
    try {
      await mail.sendLater(
        new WeeklyDigestMail(
          { email: row.email, fullName: row.full_name },
          teamName,
          items,
          digestUnsubscribeUrl(userId),
          settingsUrl
        )
      )
      mailed += 1
    } catch (error) {
      logger.error({ err: error, userId }, 'could not queue a weekly digest')
    }
  }
  return { mailed }
}

/** Moves the person's last digest to `now` unless another run did already; true when this run did. */
async function claim(userId: number, now: DateTime, cutoff: string) {
  await db
    .insertQuery()
    .table('notification_settings')
    .insert({ user_id: userId })
    .onConflict('user_id')
    .ignore()
  const changed = await db
    .from('notification_settings')
    .where('user_id', userId)
    .where((query) => query.whereNull('last_digest_at').orWhere('last_digest_at', '<', cutoff))
    .update({ last_digest_at: dbTime(now) })
  return (Number(Array.isArray(changed) ? changed[0] : changed) || 0) > 0
}

function excerpt(text: string) {
  const words = text.replace(/\s+/g, ' ').trim()
  if (!words) return '(a photo post)'
  return words.length > 140 ? `${words.slice(0, 139)}…` : words
}

function absolute(path: string) {
  if (/^https?:\/\//.test(path)) return path
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}
