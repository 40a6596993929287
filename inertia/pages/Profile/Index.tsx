import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Pencil } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { Avatar } from '~/components/shell/avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import { Section } from '~/components/admin/people/section'
import { RoleBadge, StateBadge, shortDate } from '~/components/admin/people/badges'

type Props = {
  person: Data.Admin.Person.Variants['forDetail']
  posts: Data.Admin.PersonPost[]
  comments: Data.Admin.PersonComment[]
  reportsBy: Data.Admin.PersonReport[]
  reportsAgainst: Data.Admin.PersonReport[]
  audit: Data.Admin.PersonAudit[]
  sessions: { open: number | null; rememberTokens: number }
  self: boolean
}

const REPORT_STATUS: Record<string, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

function ReportList({ reports }: { reports: Data.Admin.PersonReport[] }) {
  return (
    <ul className="divide-y">
      {reports.map((report) => (
        <li key={report.id} className="grid gap-1 px-4 py-3 text-sm">
          <p>
            <span className="font-medium">{report.reason.replaceAll('_', ' ')}</span>
            <span className="text-muted-foreground">
              {' '}
              · {report.subjectType === 'post' ? `post #${report.subjectId}` : 'account'} ·{' '}
              {REPORT_STATUS[report.status] ?? report.status}
            </span>
          </p>
          {report.details && (
            <p className="text-muted-foreground [overflow-wrap:anywhere]">{report.details}</p>
          )}
          <RelativeTime iso={report.createdAt} className="text-xs text-muted-foreground" />
        </li>
      ))}
    </ul>
  )
}

/**
 * Profile/Index: one account as an administrator sees it — profile,
 * figures, recent posts and comments, reports by and against them, open
 * sessions and the audit entries about them.
 */
export default function PersonPage(props: Props) {
  const { person, posts, comments, reportsBy, reportsAgainst, audit, sessions } = props
  return (
    <div className="grid gap-6">
      <PageTitle title={person.fullName} />
      <Link
        route="admin.users.index"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> People
      </Link>

      <header className="overflow-hidden rounded-xl border bg-card shadow-sm">
        {person.coverUrl ? (
          <img src={person.coverUrl} alt="" className="aspect-[3/1] w-full object-cover sm:h-40" />
        ) : (
          <div className="h-16 bg-muted" aria-hidden />
        )}
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            <Avatar
              initials={person.initials}
              name={person.fullName}
              src={person.largeAvatarUrl}
              size="lg"
            />
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{person.fullName}</h1>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                @{person.username} · {person.email}
                {!person.emailVerified && ' (not verified)'}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <RoleBadge role={person.role} />
                <StateBadge state={person.state} />
                {person.mustChangePassword && (
                  <span className="rounded-full border px-2 py-0.5 text-xs">
                    Must change password
                  </span>
                )}
              </div>
              {person.bio && (
                <p className="mt-2 text-sm [overflow-wrap:anywhere] whitespace-pre-line">
                  {person.bio}
                </p>
              )}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2 self-start">
            <Link
              route="admin.users.edit"
              routeParams={{ id: person.id }}
              className="inline-flex h-9 items-center gap-2 rounded-md border bg-card px-4 text-sm font-medium hover:bg-muted"
            >
              <Pencil className="size-4" aria-hidden /> Edit account
            </Link>
            {person.role === 'admin' && (
              <Link
                route="admin.admins.edit"
                routeParams={{ id: person.id }}
                className="inline-flex h-9 items-center gap-2 rounded-md border bg-card px-4 text-sm font-medium hover:bg-muted"
              >
                Administrator details
              </Link>
            )}
          </div>
        </div>
        {person.block && (
          <div className="border-t bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100">
            <strong>Blocked</strong>
            {person.block.since && ` since ${shortDate(person.block.since)}`}
            {person.block.until ? ` until ${shortDate(person.block.until)}` : ' until unblocked'}
            {person.block.reason && (
              <span className="block [overflow-wrap:anywhere]">Reason: {person.block.reason}</span>
            )}
          </div>
        )}
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Posts" value={person.postsCount} />
        <Figure label="Comments" value={person.commentsCount} />
        <Figure label="Likes given" value={person.likesGivenCount} />
        <Figure label="Open sessions" value={sessions.open ?? '—'} />
        <Figure label="Joined" value={shortDate(person.createdAt)} />
        <Figure label="Last sign-in" value={shortDate(person.lastLoginAt)} />
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Recent posts" empty="No posts." count={posts.length}>
          <ul className="divide-y">
            {posts.map((post) => (
              <li key={post.id} className="grid gap-1 px-4 py-3 text-sm">
                <Link
                  route="admin.posts.show"
                  routeParams={{ id: post.id }}
                  className="[overflow-wrap:anywhere] hover:underline"
                >
                  {post.excerpt || <em className="text-muted-foreground">(media only)</em>}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {post.status} · {post.audience} · {post.likesCount} likes · {post.commentsCount}{' '}
                  comments · <RelativeTime iso={post.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Recent comments" empty="No comments." count={comments.length}>
          <ul className="divide-y">
            {comments.map((comment) => (
              <li key={comment.id} className="grid gap-1 px-4 py-3 text-sm">
                <Link
                  route="admin.posts.show"
                  routeParams={{ id: comment.postId }}
                  className="[overflow-wrap:anywhere] hover:underline"
                >
                  {comment.excerpt || <em className="text-muted-foreground">(image only)</em>}
                </Link>
                <RelativeTime iso={comment.createdAt} className="text-xs text-muted-foreground" />
              </li>
            ))}
          </ul>
        </Section>

        <Section
          title="Reports against them"
          empty="Nobody reported this account or its posts."
          count={reportsAgainst.length}
        >
          <ReportList reports={reportsAgainst} />
        </Section>

        <Section title="Reports by them" empty="They reported nothing." count={reportsBy.length}>
          <ReportList reports={reportsBy} />
        </Section>
      </div>

      <Section
        title="Audit entries about this account"
        empty="No administrator action on this account yet."
        count={audit.length}
      >
        <ul className="divide-y">
          {audit.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm" data-testid="audit-entry">
              <p>
                <span className="font-mono text-xs">{entry.action}</span>
                <span className="text-muted-foreground">
                  {' '}
                  by {entry.actor ? entry.actor.fullName : 'the system'}
                  {entry.ip && ` from ${entry.ip}`}
                </span>
              </p>
              {entry.meta && (
                <p className="font-mono text-xs break-all text-muted-foreground">{entry.meta}</p>
              )}
              <RelativeTime iso={entry.createdAt} className="text-xs text-muted-foreground" />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  )
}
