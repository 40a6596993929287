import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  NOTIFICATION_KINDS,
  type NotificationData,
  type NotificationKind,
  type TargetType,
} from '#enums/notification_kinds'

/**
 * Notification settings (issue 15 §4): which kinds reach a person on which
 * channel, quiet hours, and mutes.
 *
 * Every notification kind belongs to one category of the settings grid
 * (`KIND_CATEGORY` is a Record over NotificationKind: a new kind does not
 * compile until it has one). Only what differs from `CATEGORIES`' defaults
 * is stored (`notification_preferences`), so the fan-out reads all
 * recipients' preferences with NOT EXISTS / EXISTS in the one query that
 * picks the recipients (`whereChannelOn`), never a query per person.
 *
 * Channels: `in_app` (the bell; push and e-mail follow a notification that
 * was stored, so turning it off silences the row), `push` (Web Push, §2),
 * `email` (the summary mail when away, §3: only mentions, messages and
 * comments on your posts are mailed).
 */
export const CHANNELS = ['in_app', 'push', 'email'] as const
export type Channel = (typeof CHANNELS)[number]

export const CATEGORY_IDS = [
  'likes',
  'comments',
  'mentions',
  'shares',
  'messages',
  'announcements',
  'admin',
  'account',
] as const
export type Category = (typeof CATEGORY_IDS)[number]

export interface CategoryDefinition {
  label: string
  description: string
  /** What a person gets who never changed anything: calm (likes in the app only). */
  defaults: Record<Channel, boolean>
  /** Channels that do not exist for this category (no e-mail about likes). */
  unavailable: Channel[]
  /** Channels a person cannot turn off (notices about their own account). */
  locked: Channel[]
}

export const CATEGORIES: Record<Category, CategoryDefinition> = {
  likes: {
    label: 'Likes',
    description: 'Someone liked your post or comment.',
    defaults: { in_app: true, push: false, email: false },
    unavailable: ['email'],
    locked: [],
  },
  comments: {
    label: 'Comments',
    description: 'Someone commented on your post.',
    defaults: { in_app: true, push: true, email: true },
    unavailable: [],
    locked: [],
  },
  mentions: {
    label: 'Mentions',
    description: 'Someone tagged you in a post.',
    defaults: { in_app: true, push: true, email: true },
    unavailable: [],
    locked: [],
  },
  shares: {
    label: 'Shares',
    description: 'Someone shared your post.',
    defaults: { in_app: true, push: false, email: false },
    unavailable: ['email'],
    locked: [],
  },
  messages: {
    label: 'Messages',
    description: 'Someone sent you a direct message.',
    defaults: { in_app: true, push: true, email: true },
    unavailable: [],
    locked: [],
  },
  announcements: {
    label: 'Announcements',
    description: 'An administrator posted an announcement.',
    defaults: { in_app: true, push: true, email: false },
    unavailable: ['email'],
    locked: [],
  },
  admin: {
    label: 'Administration',
    description: 'A registration waits for approval (administrators only).',
    defaults: { in_app: true, push: true, email: false },
    unavailable: ['email'],
    locked: [],
  },
  account: {
    label: 'Your account and posts',
    description:
      'Your account was approved; a post of yours was approved, rejected or unpublished; a report was resolved; a photo was removed.',
    defaults: { in_app: true, push: true, email: false },
    unavailable: ['email'],
    locked: ['in_app'],
  },
}

export const KIND_CATEGORY: Record<NotificationKind, Category> = {
  post_liked: 'likes',
  comment_liked: 'likes',
  post_commented: 'comments',
  post_mentioned: 'mentions',
  post_shared: 'shares',
  announcement: 'announcements',
  message_received: 'messages',
  registration_pending: 'admin',
  account_approved: 'account',
  post_approved: 'account',
  post_rejected: 'account',
  post_unpublished: 'account',
  report_resolved: 'account',
  avatar_removed: 'account',
  cover_removed: 'account',
}

/** The kinds of each category, in NOTIFICATION_KINDS order. */
export function kindsOf(category: Category): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => KIND_CATEGORY[kind] === category)
}

/** Kinds mailed in the summary when away (§3). */
export const MAILED_KINDS: NotificationKind[] = NOTIFICATION_KINDS.filter(
  (kind) => !CATEGORIES[KIND_CATEGORY[kind]].unavailable.includes('email')
)

/** Away this long (minutes) before e-mail, unless the person chose otherwise. */
export const DEFAULT_EMAIL_AFTER_MINUTES = 60
export const EMAIL_AFTER_CHOICES = [15, 60, 180, 720, 1440] as const

/** Whether a channel can be set at all (not unavailable, not locked) for a category. */
export function settable(category: Category, channel: Channel) {
  const definition = CATEGORIES[category]
  return !definition.unavailable.includes(channel) && !definition.locked.includes(channel)
}

/**
 * What a category's channel effectively is, given the stored override
 * (`undefined`: none) and whether announcements are unmutable.
 */
export function effective(
  category: Category,
  channel: Channel,
  stored: boolean | undefined,
  options: { announcementsUnmutable?: boolean } = {}
) {
  const definition = CATEGORIES[category]
  if (definition.unavailable.includes(channel)) return false
  if (definition.locked.includes(channel)) return true
  if (category === 'announcements' && channel === 'in_app' && options.announcementsUnmutable) {
    return true
  }
  return stored ?? definition.defaults[channel]
}

const IDENT = /^[a-z_][a-z0-9_.]*$/i

/**
 * Adds "the person `column` points at wants `kind` on `channel`" to a
 * query of people: NOT EXISTS an "off" override when the default is on,
 * EXISTS an "on" override when it is off. Correlated on the index, so one
 * query for any number of recipients.
 */
export function whereChannelOn<Q extends { whereRaw: (sql: string, bindings: any[]) => Q }>(
  query: Q,
  kind: NotificationKind,
  channel: Channel,
  column: string,
  options: { announcementsUnmutable?: boolean } = {}
): Q {
  if (!IDENT.test(column)) throw new Error(`Not a column name: ${column}`)
  const category = KIND_CATEGORY[kind]
  const definition = CATEGORIES[category]
  if (definition.unavailable.includes(channel)) return query.whereRaw('1 = 0', [])
  if (definition.locked.includes(channel)) return query
  if (category === 'announcements' && channel === 'in_app' && options.announcementsUnmutable) {
    return query
  }
  const onByDefault = definition.defaults[channel]
  return query.whereRaw(
    `${onByDefault ? 'NOT ' : ''}EXISTS (SELECT 1 FROM notification_preferences AS np
      WHERE np.user_id = ${column} AND np.category = ? AND np.channel = ? AND np.enabled = ?)`,
    [category, channel, !onByDefault]
  )
}

/** What a notification can be muted by: its post (also for a comment) or its conversation. */
export function muteTargetOf(
  target: { type: TargetType; id: number },
  data?: Partial<NotificationData>
): { type: 'post' | 'conversation'; id: number } | null {
  if (target.type === 'post') return { type: 'post', id: target.id }
  if (target.type === 'comment' && data?.postId) return { type: 'post', id: data.postId }
  if (target.type === 'conversation') return { type: 'conversation', id: target.id }
  return null
}

/** Adds "the person `column` points at has not muted `target`" (nothing when there is none). */
export function whereNotMuted<Q extends { whereRaw: (sql: string, bindings: any[]) => Q }>(
  query: Q,
  target: { type: 'post' | 'conversation'; id: number } | null,
  column: string
): Q {
  if (!target) return query
  if (!IDENT.test(column)) throw new Error(`Not a column name: ${column}`)
  return query.whereRaw(
    `NOT EXISTS (SELECT 1 FROM notification_mutes AS nm
      WHERE nm.user_id = ${column} AND nm.target_type = ? AND nm.target_id = ?)`,
    [target.type, target.id]
  )
}

/** Both of the above, as Notify and NotifyMany apply them to the in-app channel. */
export function whereWantsInApp<Q extends { whereRaw: (sql: string, bindings: any[]) => Q }>(
  query: Q,
  input: {
    kind: NotificationKind
    target: { type: TargetType; id: number }
    data?: Partial<NotificationData>
  },
  column: string,
  options: { announcementsUnmutable?: boolean } = {}
): Q {
  const unmutable = input.kind === 'announcement' && options.announcementsUnmutable
  whereChannelOn(query, input.kind, 'in_app', column, options)
  return unmutable ? query : whereNotMuted(query, muteTargetOf(input.target, input.data), column)
}

export interface QuietHours {
  timeZone: string | null
  start: number | null
  end: number | null
}

/** Valid IANA time zone name (luxon knows it). */
export function isTimeZone(name: string) {
  return DateTime.now().setZone(name).isValid
}

/**
 * Whether `at` falls in the person's quiet hours, read on their own clock.
 * A window may cross midnight (22:00 → 07:00); start = end means none.
 */
export function inQuietHours(quiet: QuietHours, at: DateTime = DateTime.now()) {
  if (quiet.start === null || quiet.end === null || quiet.start === quiet.end) return false
  const local = at.setZone(quiet.timeZone && isTimeZone(quiet.timeZone) ? quiet.timeZone : 'UTC')
  const minute = local.hour * 60 + local.minute
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end
}

/** Stored settings rows of these people (one query), by user id. */
export async function settingsOf(
  userIds: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, NotificationSettingsRow>> {
  const map = new Map<number, NotificationSettingsRow>()
  for (let index = 0; index < userIds.length; index += 500) {
    const rows = await client
      .from('notification_settings')
      .whereIn('user_id', userIds.slice(index, index + 500))
      .select('*')
    for (const row of rows) map.set(Number(row.user_id), toSettingsRow(row))
  }
  return map
}

export interface NotificationSettingsRow {
  timeZone: string | null
  quietStart: number | null
  quietEnd: number | null
  emailAfterMinutes: number
  emailUnsubscribed: boolean
  /** Opted out of the weekly team digest (when the team sends one). */
  digestUnsubscribed: boolean
}

export const DEFAULT_SETTINGS_ROW: NotificationSettingsRow = {
  timeZone: null,
  quietStart: null,
  quietEnd: null,
  emailAfterMinutes: DEFAULT_EMAIL_AFTER_MINUTES,
  emailUnsubscribed: false,
  digestUnsubscribed: false,
}

export function toSettingsRow(
  row: Record<string, any> | null | undefined
): NotificationSettingsRow {
  if (!row) return { ...DEFAULT_SETTINGS_ROW }
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  return {
    timeZone: row.time_zone ?? null,
    quietStart: number(row.quiet_start),
    quietEnd: number(row.quiet_end),
    emailAfterMinutes: number(row.email_after_minutes) ?? DEFAULT_EMAIL_AFTER_MINUTES,
    emailUnsubscribed: Boolean(row.email_unsubscribed),
    digestUnsubscribed: Boolean(row.digest_unsubscribed),
  }
}

export function quietOf(row: NotificationSettingsRow): QuietHours {
  return { timeZone: row.timeZone, start: row.quietStart, end: row.quietEnd }
}

/** Writes a person's settings row (insert or update). */
export async function saveSettingsRow(
  userId: number,
  changes: Partial<{
    time_zone: string | null
    quiet_start: number | null
    quiet_end: number | null
    email_after_minutes: number | null
    email_unsubscribed: boolean
    last_summary_at: Date | string | null
    digest_unsubscribed: boolean
  }>,
  client: QueryClientContract = db.connection()
) {
  await client
    .insertQuery()
    .table('notification_settings')
    .insert({ user_id: userId, ...changes })
    .onConflict('user_id')
    .merge(Object.keys(changes))
}

/** A person's grid: stored overrides by "category.channel". */
export async function overridesOf(userId: number, client: QueryClientContract = db.connection()) {
  const rows = await client
    .from('notification_preferences')
    .where('user_id', userId)
    .select('category', 'channel', 'enabled')
  const map = new Map<string, boolean>()
  for (const row of rows) map.set(`${row.category}.${row.channel}`, Boolean(row.enabled))
  return map
}

/**
 * Replaces a person's grid: stores only the cells that differ from the
 * default (a cell set back to its default loses its row).
 */
export async function saveGrid(
  userId: number,
  grid: Partial<Record<Category, Partial<Record<Channel, boolean>>>>,
  client: QueryClientContract
) {
  const rows: { user_id: number; category: string; channel: string; enabled: boolean }[] = []
  for (const category of CATEGORY_IDS) {
    for (const channel of CHANNELS) {
      const value = grid[category]?.[channel]
      if (value === undefined || !settable(category, channel)) continue
      if (value !== CATEGORIES[category].defaults[channel]) {
        rows.push({ user_id: userId, category, channel, enabled: value })
      }
    }
  }
  await client.from('notification_preferences').where('user_id', userId).delete()
  if (rows.length) await client.table('notification_preferences').multiInsert(rows)
}
