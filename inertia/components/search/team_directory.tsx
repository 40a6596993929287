import type { Scroll } from '@adonisjs/inertia/types'
import { router } from '@inertiajs/react'
import { Users } from 'lucide-react'
import { PeopleList } from '~/components/search/people_list'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

export type Sort = 'name' | 'active' | 'newest'

const SORTS: { value: Sort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'active', label: 'Most active' },
  { value: 'newest', label: 'Newest' },
]

/** Search without a query: the team, sortable by name, activity or arrival. */
export function TeamDirectory({
  sort,
  showPeople,
  people,
}: {
  sort: Sort
  showPeople: boolean
  people: Scroll<Data.Search.PersonResult>
}) {
  const choose = (value: Sort) =>
    router.get(route('search'), value === 'name' ? {} : { sort: value }, {
      only: ['q', 'sort', 'showPeople', 'people', 'posts'],
      reset: ['people', 'posts'],
      preserveState: true,
      preserveScroll: true,
      replace: true,
    })
  return (
    <div className="mx-auto grid max-w-3xl gap-6" data-testid="team-directory">
      <PageTitle title="Team" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Everyone on the team. Type in the search box to find people and posts.
          </p>
        </div>
        {showPeople && (
          <div role="group" aria-label="Sort by" className="inline-flex rounded-lg border p-0.5">
            {SORTS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={sort === option.value}
                onClick={() => choose(option.value)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring',
                  sort === option.value
                    ? 'bg-primary text-primary-foreground'
                    : 'text-muted-foreground hover:bg-muted'
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {people.data.length === 0 ? (
        <EmptyState icon={Users} title={showPeople ? 'No one here yet' : 'Search posts'}>
          {showPeople
            ? 'Members appear here once their accounts are active.'
            : 'Type in the search box to find posts you can see.'}
        </EmptyState>
      ) : (
        <PeopleList key={`directory:${sort}`} people={people} />
      )}
    </div>
  )
}
