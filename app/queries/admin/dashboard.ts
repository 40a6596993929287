import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DASHBOARD_TOTALS } from '#services/counter_repair'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { accountStats, type AccountStatKey } from '#services/dashboard_stats'
import { isSqlite, type Viewer } from '#queries/feeds/visible_posts'
import { realtime } from '#services/realtime/main'
import { openReportTargetsCount, pendingPostsCount } from '#queries/admin/moderation_counts'
import { ONLINE_CHANNEL } from '#services/realtime/channels'

/**
 * The admin dashboard's figures (issue 19 §1, PRODUCT §9). Each one carries
 * its definition and the URL of the list it counts: the drill-down pages
 * apply the same predicate, and tests/functional/admin/dashboard_pairs
 * follows every link and checks the list's length (or, for likes and
 * comments, the sum of the listed posts' counters) equals the number.
 *
 * Cost per request, whatever the data's size (S7): one grouped query over
 * users (by role and state: a few groups), one read of the 8 rows of
 * dashboard_totals (posts, comments, likes, messages, photos, videos:
 * exact counters kept by triggers, migration 0113), two counts on indexed
 * states (pending posts on posts_pending_visibility_index, open reports),
 * and the presence set in memory or Redis. Nothing scans posts, likes,
 * comments, messages or media per request.
 */
export type FigureGroup = 'accounts' | 'content' | 'attention'

export interface DashboardFigure {
  key: string
  group: FigureGroup
  label: string
  definition: string
  value: number
  /** The drill-down list, or null when there is no list to show (messages are private). */
  href: string | null
  linkLabel: string | null
}

/** User ids online now, from the realtime presence (empty with an external engine). */
export async function onlineUserIds(): Promise<number[]> {
  const hub = realtime.hub
  if (!hub) return []
  const members = await hub.presence.members(ONLINE_CHANNEL)
  return [...members.keys()].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)
}

/**
 * Published, not deleted: the posts the content figures and rankings
 * count, written literally so SQLite can use the partial indexes of
 * migration 0110 (it cannot prove a bound parameter matches them).
 */
export const PUBLISHED_SQL = "posts.status = 'published' AND posts.deleted_at IS NULL"

/**
 * On SQLite, reads `posts` through the named index of migration 0110
 * (nothing runs ANALYZE, and without statistics SQLite prefers an index
 * with an equality term on status, then sorts); PostgreSQL plans alone.
 */
export function postsIndexedBy<Q extends { knexQuery: { fromRaw(sql: string): unknown } }>(
  query: Q,
  index: string
): Q {
  if (isSqlite()) query.knexQuery.fromRaw(`posts INDEXED BY ${index}`)
  return query
}

const ACCOUNT_LINKS: Record<AccountStatKey, string> = {
  members: 'List the members',
  externals: 'List the external accounts',
  admins: 'List the administrators',
  pendingApprovals: 'List pending registrations',
  inactive: 'List blocked accounts',
  deletionPending: 'List accounts leaving',
}

export type ContentTotals = Record<(typeof DASHBOARD_TOTALS)[number]['column'], number>

/**
 * The content totals: the sums of dashboard_totals' 8 slot rows, exact
 * counters kept by triggers in the transaction of every row change
 * (migration 0113; on PostgreSQL a transaction counts in one slot row,
 * 0126; definitions and repair in app/services/counter_repair).
 * One read of 8 rows, whatever the number of posts, likes or messages.
 */
export async function contentTotals(client?: QueryClientContract): Promise<ContentTotals> {
  const query = (client ?? db).from('dashboard_totals')
  for (const { column } of DASHBOARD_TOTALS) query.sum(`${column} as ${column}`)
  const row = (await query.first()) ?? {}
  return Object.fromEntries(
    DASHBOARD_TOTALS.map(({ column }) => [column, Number(row[column] ?? 0)])
  ) as ContentTotals
}

export async function dashboardFigures(admin: Viewer): Promise<DashboardFigure[]> {
  const [accounts, totals, pendingPosts, openReports, online] = await Promise.all([
    accountStats(),
    contentTotals(),
    pendingPostsCount(undefined, admin),
    openReportTargetsCount(),
    onlineUserIds(),
  ])

  const figures: DashboardFigure[] = []
  for (const stat of accounts) {
    figures.push({
      ...stat,
      group: 'accounts',
      href: urlFor('admin.dashboard.accounts', {}, { qs: { tab: stat.key } }),
      linkLabel: ACCOUNT_LINKS[stat.key],
    })
  }
  figures.push(
    {
      key: 'posts',
      group: 'content',
      label: 'Posts',
      definition:
        'Published posts and shares, team and public, not deleted (pending and rejected ones are not counted).',
      value: totals.posts,
      href: urlFor('admin.dashboard.most_liked'),
      linkLabel: 'Rank them by likes',
    },
    {
      key: 'comments',
      group: 'content',
      label: 'Comments',
      definition: 'Comments not deleted, on the published posts counted above.',
      value: totals.comments,
      href: urlFor('admin.dashboard.most_commented'),
      linkLabel: 'Most commented posts',
    },
    {
      key: 'likes',
      group: 'content',
      label: 'Likes',
      definition: 'Likes on the published posts counted above (likes of comments are not counted).',
      value: totals.likes,
      href: urlFor('admin.dashboard.most_liked'),
      linkLabel: 'Most liked posts',
    },
    {
      key: 'messages',
      group: 'content',
      label: 'Messages',
      definition:
        'Private messages sent in every conversation. Not listed: conversations are private.',
      value: totals.messages,
      href: null,
      linkLabel: null,
    },
    {
      key: 'photos',
      group: 'content',
      label: 'Photos',
      definition:
        'Images attached to posts, comments and messages (profile photos and covers not included).',
      value: totals.photos,
      href: null,
      linkLabel: null,
    },
    {
      key: 'videos',
      group: 'content',
      label: 'Videos',
      definition: 'Videos attached to posts, comments and messages.',
      value: totals.videos,
      href: null,
      linkLabel: null,
    },
    {
      key: 'pendingPosts',
      group: 'attention',
      label: 'Pending posts',
      definition:
        'Posts waiting for an administrator to approve or reject them, by authors whose account is live.',
      value: pendingPosts,
      href: urlFor('admin.moderation.index'),
      linkLabel: 'Review pending posts',
    },
    {
      key: 'openReports',
      group: 'attention',
      label: 'Open reports',
      definition:
        'Posts and people with at least one report not resolved or dismissed yet (pending or reviewed); several reports of one target count once.',
      value: openReports,
      href: urlFor('admin.reports.index'),
      linkLabel: 'Open the reports queue',
    },
    {
      key: 'online',
      group: 'attention',
      label: 'Online now',
      definition:
        'People signed in with Huddle open in a browser at this moment (you included); updates live.',
      value: online.length,
      href: urlFor('admin.dashboard.active_users', {}, { qs: { window: 'online' } }),
      linkLabel: 'Who is online',
    }
  )
  return figures
}
