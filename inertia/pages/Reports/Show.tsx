import { Form, Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Ban, Check, Eye, Trash2, UserRound, XCircle } from 'lucide-react'
import type { Data } from '~data'
import { ReasonChips, ReportStatusBadge } from '~/components/admin/report_badges'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { PostCard } from '~/components/posts/post_card'
import { RelativeTime } from '~/components/posts/relative_time'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { CountedTextareaField } from '~/components/ui/field'
import { route } from '~/lib/route'

type Group = Data.Admin.ReportGroup.Variants['forShow']
type ResolveAction = 'remove_post' | 'block_account' | 'none'

/**
 * Reports/Show (issue 19 §2): one reported post or person, as members see
 * it, with every report about it (reason, details, reporter, status, the
 * moderator's notes). The open reports are decided together: mark as
 * reviewed, resolve (removing the post, blocking the account or with no
 * action; each reporter is notified) or dismiss.
 */
export default function ReportsShowPage({ group }: { group: Group }) {
  const person = group.person
  const isPost = group.subjectType === 'post'
  const title = isPost
    ? `Reported post by ${person?.fullName ?? 'a former member'}`
    : `Reported person: ${person?.fullName ?? 'a former member'}`
  const open = group.actions.resolve

  return (
    <div className="grid gap-6">
      <PageTitle title={isPost ? 'Reported post' : 'Reported person'} />
      <div>
        <Link
          href={route('admin.reports.index', undefined, { status: open ? 'open' : group.status })}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden /> Reports
        </Link>
      </div>
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold break-words">{title}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <ReportStatusBadge status={group.status} />
          <span className="tabular-nums">
            {group.reportCount === 1 ? '1 report' : `${group.reportCount} reports`}
          </span>
          <ReasonChips reasons={group.reasons} />
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="target-heading" className="grid gap-3">
            <h2 id="target-heading" className="text-lg font-semibold">
              {isPost ? 'The post' : 'The person'}
            </h2>
            {isPost && group.post && <PostCard post={group.post} showStatus headingLevel={3} />}
            {isPost && !group.post && (
              <div className="rounded-xl border border-dashed bg-muted/40 p-4 text-sm">
                <p className="font-medium">
                  {group.hiddenPost?.deleted
                    ? 'This post was removed.'
                    : 'This post is hidden (its author’s account is closed or blocked).'}
                </p>
                {group.hiddenPost?.excerpt && (
                  <p className="mt-1 break-words text-muted-foreground">
                    It said: “{group.hiddenPost.excerpt}”
                  </p>
                )}
              </div>
            )}
            {person && <PersonCard person={person} />}
          </section>

          <section aria-labelledby="reports-heading" className="grid gap-3">
            <h2 id="reports-heading" className="text-lg font-semibold">
              Reports
            </h2>
            <ol className="divide-y overflow-hidden rounded-xl border bg-card shadow-sm">
              {group.reports.map((report) => (
                <li key={report.id} className="grid gap-1.5 p-4" data-testid="report">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant="secondary">{report.reasonLabel}</Badge>
                    <ReportStatusBadge status={report.status} />
                    <span className="text-muted-foreground">
                      by{' '}
                      <span className="font-medium break-words text-foreground">
                        {report.reporter?.fullName ?? 'a former member'}
                      </span>
                      {report.createdAt && (
                        <>
                          {' '}
                          · <RelativeTime iso={report.createdAt} />
                        </>
                      )}
                    </span>
                  </div>
                  {report.details ? (
                    <p className="text-sm break-words whitespace-pre-line">{report.details}</p>
                  ) : (
                    <p className="text-sm text-muted-foreground">No details given.</p>
                  )}
                  {(report.notes || report.moderator) && (
                    <p className="rounded-md bg-muted px-3 py-2 text-xs break-words">
                      <span className="font-medium">
                        {report.moderator ? `${report.moderator.fullName}` : 'Moderator'}
                        {report.decidedAt && (
                          <>
                            {' '}
                            · <RelativeTime iso={report.decidedAt} />
                          </>
                        )}
                        :
                      </span>{' '}
                      {report.notes ?? 'No notes.'}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside aria-labelledby="decide-heading" className="grid gap-3 lg:sticky lg:top-20">
          <h2 id="decide-heading" className="text-lg font-semibold">
            Decision
          </h2>
          {open ? (
            <DecisionForm group={group} />
          ) : (
            <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground shadow-sm">
              These reports are {group.status}. Nothing is waiting for a decision.
            </p>
          )}
        </aside>
      </div>
    </div>
  )
}

function PersonCard({ person }: { person: NonNullable<Group['person']> }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <AuthorAvatar author={person} />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <span className="font-medium break-words">{person.fullName}</span>
        <span className="break-all text-muted-foreground">
          @{person.username} · {person.role}
          {!person.isActive && (
            <Badge variant="destructive" className="ml-2">
              Blocked
            </Badge>
          )}
        </span>
      </div>
      <Button variant="outline" size="sm" asChild>
        <Link href={route('profiles.show', { username: person.username })}>
          <UserRound className="size-4" aria-hidden /> Profile
        </Link>
      </Button>
    </div>
  )
}

function DecisionForm({ group }: { group: Group }) {
  const isPost = group.subjectType === 'post'
  const choices: {
    value: ResolveAction
    label: string
    description: string
    icon: typeof Ban
    enabled: boolean
  }[] = [
    {
      value: 'remove_post',
      label: 'Remove the post',
      description: 'Deleted for everyone, with its shares. Recorded in the audit log.',
      icon: Trash2,
      enabled: group.actions.removePost,
    },
    {
      value: 'block_account',
      label: isPost ? 'Block the author’s account' : 'Block the account',
      description:
        'They are signed out everywhere at once and cannot sign in; their posts are hidden.',
      icon: Ban,
      enabled: group.actions.blockAccount,
    },
    {
      value: 'none',
      label: 'No action here',
      description: 'Resolve after dealing with it elsewhere (e.g. a word with the person).',
      icon: Check,
      enabled: true,
    },
  ]

  // The decision is the button's (name="decision"); Enter in the form resolves.
  return (
    <Form
      route="admin.reports.decide"
      routeParams={{ type: group.subjectType, id: group.subjectId }}
      options={{ preserveScroll: true }}
      resetOnSuccess
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
      noValidate
    >
      {(form) => (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Resolve with</legend>
            {choices
              .filter((choice) => choice.enabled)
              .map((choice) => {
                const Icon = choice.icon
                return (
                  <label
                    key={choice.value}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:checked]:border-primary has-[:checked]:bg-accent/60"
                  >
                    <input
                      type="radio"
                      name="action"
                      value={choice.value}
                      defaultChecked={choice.value === 'none'}
                      className="mt-0.5 size-4 accent-primary"
                    />
                    <span className="grid gap-0.5">
                      <span className="flex items-center gap-1.5 text-sm font-medium">
                        <Icon className="size-4" aria-hidden /> {choice.label}
                      </span>
                      <span className="text-xs text-muted-foreground">{choice.description}</span>
                    </span>
                  </label>
                )
              })}
            {form.errors.action && (
              <p role="alert" className="text-sm text-destructive">
                {form.errors.action}
              </p>
            )}
          </fieldset>
          <CountedTextareaField
            label="Moderator notes"
            error={form.errors.notes ?? form.errors.decision}
            hint={(notes) => `For the admins only; kept with the reports. ${notes.length} / 2000.`}
            name="notes"
            rows={3}
            maxLength={2000}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="decision" value="resolve" disabled={form.processing}>
              <Check className="size-4" aria-hidden /> Resolve
            </Button>
            {group.actions.review && (
              <Button
                type="submit"
                name="decision"
                value="review"
                variant="outline"
                disabled={form.processing}
              >
                <Eye className="size-4" aria-hidden /> Mark as reviewed
              </Button>
            )}
            <Button
              type="submit"
              name="decision"
              value="dismiss"
              variant="outline"
              disabled={form.processing}
            >
              <XCircle className="size-4" aria-hidden /> Dismiss
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Resolving tells each person who reported it that it was dealt with. Dismissing tells
            nobody.
          </p>
        </>
      )}
    </Form>
  )
}
