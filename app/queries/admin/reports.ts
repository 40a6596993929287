import db from '@adonisjs/lucid/services/db'
import Report, { OPEN_REPORT_STATUSES, type ReportStatus } from '#models/report'
import User from '#models/user'
import { REPORT_SUBJECTS, type ReportSubject } from '#enums/report_reason'
import type { Viewer } from '#queries/feeds/visible_posts'
import { loadPostCards, type PostCard } from '#queries/feeds/post_cards'
import { PAGE_SIZE, parseIdCursor, splitPage } from '#queries/feeds/cursor'

/**
 * The reports queue (issue 19 §2): reports grouped by their target (a post
 * or a person), so five reports of one post are one decision. Reports/Index
 * lists the groups of one tab (open = pending or reviewed; resolved;
 * dismissed), the most recently reported first, by a keyset cursor on the
 * group's newest report id. Constant query count per page: the groups, their
 * reports with reporters and moderators, the posts (+ their media), the
 * people.
 */
export const REPORT_TABS = ['open', 'resolved', 'dismissed'] as const
export type ReportTab = (typeof REPORT_TABS)[number]

export function statusesOf(tab: ReportTab): ReportStatus[] {
  return tab === 'open' ? OPEN_REPORT_STATUSES : [tab]
}

export function normaliseReportTab(raw: unknown): ReportTab {
  return REPORT_TABS.includes(raw as ReportTab) ? (raw as ReportTab) : 'open'
}

/** A target from route params: :type post or user, :id a positive number; null otherwise. */
export function parseReportTarget(params: Record<string, string>) {
  const type = params.type as ReportSubject
  const id = Number(params.id)
  if (!REPORT_SUBJECTS.includes(type) || !Number.isSafeInteger(id) || id <= 0) return null
  return { type, id }
}

/** One report with the people around it. */
export interface ReportRecord {
  report: Report
  reporter: User | null
  moderator: User | null
}

/** A target and its reports (the ones of the tab on the list; all of them on the report page). */
export interface ReportGroupRecord {
  subjectType: ReportSubject
  subjectId: number
  reports: ReportRecord[]
  /** The reported post as an admin sees it; null when it is gone (deleted). */
  post: PostCard | null
  /** A reported post that is gone (deleted, or its author's account is closed): what it said. */
  hiddenPost: { id: number; excerpt: string; deleted: boolean } | null
  /** The reported person, or the reported post's author. */
  person: User | null
}

export interface ReportGroupPage {
  groups: ReportGroupRecord[]
  cursor: string | null
  nextCursor: string | null
}

export async function reportGroupsPage(
  admin: Viewer,
  tab: ReportTab,
  rawCursor: unknown
): Promise<ReportGroupPage> {
  const cursor = parseIdCursor(rawCursor)
  const statuses = statusesOf(tab)
  const query = db
    .from('reports')
    .whereIn('status', statuses)
    .groupBy('subject_type', 'subject_id')
    .select('subject_type', 'subject_id')
    .max('id as last_id')
    .orderBy('last_id', 'desc')
    .limit(PAGE_SIZE + 1)
  if (cursor !== null) query.havingRaw('MAX(id) < ?', [cursor])
  const { items, hasMore } = splitPage(await query)
  const keys = items.map((row) => ({
    subjectType: row.subject_type as ReportSubject,
    subjectId: Number(row.subject_id),
  }))
  const groups = await loadGroups(admin, keys, statuses)
  return {
    groups,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: hasMore && items.length ? String(items[items.length - 1].last_id) : null,
  }
}

/** One target with every report about it (all statuses), or null when nobody reported it. */
export async function reportGroup(
  admin: Viewer,
  subjectType: ReportSubject,
  subjectId: number
): Promise<ReportGroupRecord | null> {
  const [group] = await loadGroups(admin, [{ subjectType, subjectId }], null)
  return group && group.reports.length > 0 ? group : null
}

/** How many targets each tab lists (one grouped query). */
export async function reportTabCounts(): Promise<Record<ReportTab, number>> {
  const rows = await db
    .from(
      db
        .from('reports')
        .select('subject_type', 'subject_id')
        .select(
          db.raw(`MAX(CASE WHEN status IN ('pending', 'reviewed') THEN 1 ELSE 0 END) AS has_open`),
          db.raw(`MAX(CASE WHEN status = 'resolved' THEN 1 ELSE 0 END) AS has_resolved`),
          db.raw(`MAX(CASE WHEN status = 'dismissed' THEN 1 ELSE 0 END) AS has_dismissed`)
        )
        .groupBy('subject_type', 'subject_id')
        .as('groups')
    )
    .select(
      db.raw('COALESCE(SUM(has_open), 0) AS open'),
      db.raw('COALESCE(SUM(has_resolved), 0) AS resolved'),
      db.raw('COALESCE(SUM(has_dismissed), 0) AS dismissed')
    )
  const row = rows[0] ?? {}
  return {
    open: Number(row.open ?? 0),
    resolved: Number(row.resolved ?? 0),
    dismissed: Number(row.dismissed ?? 0),
  }
}

async function loadGroups(
  admin: Viewer,
  keys: { subjectType: ReportSubject; subjectId: number }[],
  statuses: ReportStatus[] | null
): Promise<ReportGroupRecord[]> {
  if (keys.length === 0) return []
  const postIds = keys.filter((k) => k.subjectType === 'post').map((k) => k.subjectId)
  const userIds = keys.filter((k) => k.subjectType === 'user').map((k) => k.subjectId)

  const reportsQuery = Report.query()
    .where((outer) => {
      if (postIds.length) {
        outer.orWhere((q) => q.where('subject_type', 'post').whereIn('subject_id', postIds))
      }
      if (userIds.length) {
        outer.orWhere((q) => q.where('subject_type', 'user').whereIn('subject_id', userIds))
      }
    })
    .orderBy('id', 'desc')
  if (statuses) reportsQuery.whereIn('status', statuses)
  const reports = await reportsQuery

  // Admins see every post that is not deleted, whatever its status.
  const posts = await loadPostCards(admin, postIds)
  const postById = new Map(posts.map((post) => [post.id, post]))
  // Posts no longer visible (deleted, or by a closed account): what they said and who wrote them.
  const missing = postIds.filter((id) => !postById.has(id))
  const hidden = missing.length
    ? await db
        .from('posts')
        .whereIn('id', missing)
        .select('id', 'author_id', 'body_text', 'deleted_at')
    : []
  const hiddenById = new Map(hidden.map((row) => [Number(row.id), row]))

  const peopleIds = new Set<number>(userIds)
  for (const post of posts) peopleIds.add(post.authorId)
  for (const row of hidden) peopleIds.add(Number(row.author_id))
  for (const report of reports) {
    peopleIds.add(report.reporterId)
    if (report.moderatorId) peopleIds.add(report.moderatorId)
  }
  const people = peopleIds.size ? await User.query().whereIn('id', [...peopleIds]) : []
  const personById = new Map(people.map((user) => [user.id, user]))

  return keys.map(({ subjectType, subjectId }) => {
    const post = subjectType === 'post' ? (postById.get(subjectId) ?? null) : null
    const gone = subjectType === 'post' && !post ? hiddenById.get(subjectId) : undefined
    const ownerId =
      subjectType === 'user' ? subjectId : (post?.authorId ?? Number(gone?.author_id ?? 0))
    return {
      subjectType,
      subjectId,
      post,
      hiddenPost: gone
        ? {
            id: subjectId,
            excerpt: excerpt(String(gone.body_text ?? '')),
            deleted: gone.deleted_at !== null,
          }
        : null,
      person: ownerId ? (personById.get(ownerId) ?? null) : null,
      reports: reports
        .filter((r) => r.subjectType === subjectType && r.subjectId === subjectId)
        .map((report) => ({
          report,
          reporter: personById.get(report.reporterId) ?? null,
          moderator: report.moderatorId ? (personById.get(report.moderatorId) ?? null) : null,
        })),
    }
  })
}

const EXCERPT_LENGTH = 200

function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat
}
