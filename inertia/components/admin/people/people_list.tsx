import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ChevronRight, RotateCcw } from 'lucide-react'
import type { Data } from '~data'
import { PeopleTable } from '~/components/admin/people/people_table'
import { SearchBox } from '~/components/admin/search_box'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

export type PeopleFilters = {
  q: string
  role: 'all' | 'member' | 'external'
  state: 'all' | 'active' | 'blocked' | 'pending' | 'deletion'
  sort: 'newest' | 'name' | 'posts'
  dir: 'asc' | 'desc'
}

export type PeopleListProps = {
  filters: PeopleFilters
  counts: { member: number; external: number; admin: number; all: number }
  people: Data.Admin.Person[]
  nextCursor: string | null
  paged: boolean
}

const STATES: { value: PeopleFilters['state']; label: string }[] = [
  { value: 'all', label: 'Any state' },
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'pending', label: 'Waiting for approval' },
  { value: 'deletion', label: 'Deletion pending' },
]

const SORTS: { value: string; label: string }[] = [
  { value: 'newest:desc', label: 'Newest first' },
  { value: 'newest:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'posts:desc', label: 'Most posts' },
  { value: 'posts:asc', label: 'Fewest posts' },
]

const selectClass =
  'h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring'

/**
 * The body of Users/UserList and Users/AdminList: role tabs (people list
 * only), search, state filter, sort, the table and "next page" (keyset:
 * the server's cursor; filters stay in the URL).
 */
export function PeopleList({
  listRoute,
  props,
  withRoleTabs,
  noun,
}: {
  listRoute: 'admin.users.index' | 'admin.admins.index'
  props: PeopleListProps
  withRoleTabs: boolean
  noun: string
}) {
  const { filters, counts, people, nextCursor, paged } = props
  const params = {
    q: filters.q || undefined,
    role: withRoleTabs && filters.role !== 'all' ? filters.role : undefined,
    state: filters.state !== 'all' ? filters.state : undefined,
    sort: filters.sort !== 'newest' ? filters.sort : undefined,
    dir: filters.dir,
  }
  const url = route(listRoute)
  const visit = (changes: Record<string, string | undefined>) =>
    router.get(url, { ...params, ...changes }, { preserveState: true, preserveScroll: true })

  const tabs = [
    { value: 'all', label: 'Members and externals', count: counts.all },
    { value: 'member', label: 'Members', count: counts.member },
    { value: 'external', label: 'Externals', count: counts.external },
  ] as const

  return (
    <div className="grid gap-4">
      {withRoleTabs && (
        <nav aria-label="Role" className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <Link
              key={tab.value}
              href={route(listRoute, undefined, {
                ...params,
                role: tab.value === 'all' ? undefined : tab.value,
              })}
              aria-current={filters.role === tab.value ? 'page' : undefined}
              preserveScroll
              className={cn(
                'inline-flex h-8 items-center gap-2 rounded-full border px-3 text-sm font-medium',
                filters.role === tab.value
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-card hover:bg-muted'
              )}
            >
              {tab.label}
              <span className="tabular-nums opacity-80">{tab.count}</span>
            </Link>
          ))}
        </nav>
      )}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SearchBox
          url={url}
          value={filters.q}
          params={{ ...params, q: undefined }}
          label={`Search ${noun}`}
          placeholder="Name, username or e-mail"
        />
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="people-state">
            State
          </label>
          <select
            id="people-state"
            className={selectClass}
            value={filters.state}
            onChange={(event) =>
              visit({ state: event.target.value === 'all' ? undefined : event.target.value })
            }
          >
            {STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {state.label}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="people-sort">
            Sort
          </label>
          <select
            id="people-sort"
            className={selectClass}
            value={`${filters.sort}:${filters.dir}`}
            onChange={(event) => {
              const [sort, dir] = event.target.value.split(':')
              visit({ sort, dir })
            }}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-label={noun} className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <PeopleTable
          rows={people}
          caption={noun}
          emptyTitle={filters.q ? 'No match' : 'Nobody here'}
          emptyText={
            filters.q
              ? `No account matches “${filters.q}” with these filters.`
              : 'No account matches these filters.'
          }
        />
      </section>

      {(paged || nextCursor) && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-2">
          {paged && (
            <Link
              href={route(listRoute, undefined, params)}
              preserveScroll
              className="inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted"
            >
              <RotateCcw className="size-4" aria-hidden /> First page
            </Link>
          )}
          {nextCursor && (
            <Link
              href={route(listRoute, undefined, { ...params, cursor: nextCursor })}
              preserveScroll
              rel="next"
              className="inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted"
            >
              Next page <ChevronRight className="size-4" aria-hidden />
            </Link>
          )}
        </nav>
      )}
    </div>
  )
}
