import { Link } from '@adonisjs/inertia/react'
import { ScrollText } from 'lucide-react'
import type { Data } from '~data'
import { EmptyState } from '~/components/admin/empty_state'
import { FilterBar, filterParams } from '~/components/admin/filter_bar'
import { ListPager } from '~/components/admin/list_pager'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import { PageTitle } from '~/components/shell/page_title'
import { route } from '~/lib/route'

type Filters = { actor: string; action: string; from: string; to: string }

/**
 * AuditLog/Index (PRODUCT §9): every recorded action, newest first: who,
 * what, on whom or what, when and from which address. Filters by actor,
 * action and days; pages by a keyset cursor. Read only.
 */
export default function AuditLogPage({
  entries,
  filters,
  actions,
  unknownActor,
  cursor,
  nextCursor,
}: {
  entries: Data.Admin.AuditEntry[]
  filters: Filters
  actions: { value: string; label: string }[]
  unknownActor: boolean
  cursor: string | null
  nextCursor: string | null
}) {
  const params = filterParams(filters)
  const filtered = Object.values(params).some((value) => value !== undefined)

  return (
    <div className="grid gap-6">
      <PageTitle title="Audit log" />
      <header>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          What administrators (and people, on their own accounts) did, newest first. Entries cannot
          be changed or deleted.
        </p>
      </header>

      <FilterBar
        url={route('admin.audit.index')}
        label="Filter the audit log"
        values={filters}
        fields={[
          {
            type: 'select',
            name: 'action',
            label: 'Action',
            options: [
              { value: '', label: 'All actions' },
              ...actions,
              // An action no entry has any more, from a shared link.
              ...(filters.action && !actions.some((a) => a.value === filters.action)
                ? [{ value: filters.action, label: filters.action }]
                : []),
            ],
          },
          { type: 'dates', from: 'from', to: 'to', fromLabel: 'From', toLabel: 'To' },
        ]}
        search={{ name: 'actor', label: 'Actor (username)', placeholder: '@username' }}
      />

      <section aria-label="Entries" className="overflow-hidden rounded-xl border bg-card shadow-sm">
        {entries.length === 0 ? (
          <EmptyState icon={ScrollText} title={filtered ? 'No match' : 'Nothing recorded yet'}>
            {unknownActor
              ? `Nobody has the username "${filters.actor}".`
              : filtered
                ? 'No entry matches these filters.'
                : 'Admin actions appear here as they happen.'}
          </EmptyState>
        ) : (
          <ol className="divide-y">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </section>

      <ListPager
        href={route('admin.audit.index')}
        params={params}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Newest entries"
        nextLabel="Older entries"
        endText={entries.length > 0 ? 'End of the log' : null}
      />
    </div>
  )
}

function EntryRow({ entry }: { entry: Data.Admin.AuditEntry }) {
  return (
    <li className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="audit-entry">
      <div className="flex min-w-0 gap-3">
        {entry.actor ? (
          <AuthorAvatar author={entry.actor} />
        ) : (
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-xs text-muted-foreground">
            —
          </span>
        )}
        <div className="grid min-w-0 gap-1">
          <p className="text-sm break-words">
            <Actor entry={entry} /> <span className="text-muted-foreground">·</span>{' '}
            <span className="font-medium" data-testid="audit-action">
              {entry.label}
            </span>
            {entry.subject && (
              <>
                {' '}
                <span className="text-muted-foreground">on</span>{' '}
                <Subject subject={entry.subject} />
              </>
            )}
          </p>
          {entry.details.length > 0 && (
            <ul className="grid gap-0.5 font-mono text-xs break-all text-muted-foreground">
              {entry.details.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="flex gap-3 pl-12 text-xs text-muted-foreground sm:flex-col sm:items-end sm:gap-1 sm:pl-0">
        <RelativeTime iso={entry.createdAt} />
        {entry.ip && <span className="font-mono break-all">{entry.ip}</span>}
      </div>
    </li>
  )
}

function Actor({ entry }: { entry: Data.Admin.AuditEntry }) {
  if (entry.actor) {
    return (
      <Link
        route="profiles.show"
        routeParams={{ username: entry.actor.username }}
        className="font-semibold hover:underline"
      >
        {entry.actor.fullName}
      </Link>
    )
  }
  return (
    <span className="font-semibold text-muted-foreground">The system or a deleted account</span>
  )
}

function Subject({ subject }: { subject: NonNullable<Data.Admin.AuditEntry['subject']> }) {
  if (subject.type === 'user') {
    return subject.person ? (
      <Link
        route="profiles.show"
        routeParams={{ username: subject.person.username }}
        className="font-medium hover:underline"
      >
        {subject.person.fullName}
      </Link>
    ) : (
      <span className="text-muted-foreground">a deleted account</span>
    )
  }
  if (subject.type === 'post' && subject.id) {
    return (
      <Link
        route="admin.posts.show"
        routeParams={{ id: subject.id }}
        className="font-medium hover:underline"
      >
        post #{subject.id}
      </Link>
    )
  }
  return (
    <span className="font-medium">
      {subject.type}
      {subject.id ? ` #${subject.id}` : ''}
    </span>
  )
}
