import type { Scroll } from '@adonisjs/inertia/types'
import { SearchX } from 'lucide-react'
import { PeopleList } from '~/components/search/people_list'
import { PostResults } from '~/components/search/post_results'
import { TeamDirectory, type Sort } from '~/components/search/team_directory'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import type { Data } from '~data'

/**
 * Search (PRODUCT §8). The header search box drives it as you type
 * (components/shell/header_search.tsx: debounced partial reloads of
 * `q`, `people` and `posts`, focus stays in the box). With a query: People
 * and Posts sections, each paged by its own cursor; without one: the team
 * directory, sortable. Highlights are server-made text parts rendered as
 * text and <mark>, never HTML. The lists are components/search/.
 */
export default function SearchPage({
  q,
  sort,
  showPeople,
  people,
  posts,
}: {
  q: string
  sort: Sort
  /** Members and admins see people; externals (not part of the team) only posts. */
  showPeople: boolean
  people: Scroll<Data.Search.PersonResult>
  posts: Scroll<Data.Search.PostResult>
}) {
  if (!q) return <TeamDirectory sort={sort} showPeople={showPeople} people={people} />
  const nothing = people.data.length === 0 && posts.data.length === 0
  return (
    <div className="mx-auto grid max-w-3xl gap-6" data-testid="search-results">
      <PageTitle title={`Search: ${q}`} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {nothing ? 'No results' : 'Results'} for “{q}”
        </p>
      </div>
      {nothing ? (
        <EmptyState icon={SearchX} title="Nothing matches your search">
          Try fewer or different words. Names match from their first letters; posts match whole
          words and the start of the last one.
        </EmptyState>
      ) : (
        <>
          {showPeople && (
            <section aria-labelledby="search-people" className="grid gap-3">
              <h2 id="search-people" className="text-sm font-semibold text-muted-foreground">
                People
              </h2>
              {people.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">No one matches “{q}”.</p>
              ) : (
                <PeopleList key={`people:${q}`} people={people} manual />
              )}
            </section>
          )}
          <section aria-labelledby="search-posts" className="grid gap-3">
            <h2 id="search-posts" className="text-sm font-semibold text-muted-foreground">
              Posts
            </h2>
            {posts.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No posts match “{q}”.</p>
            ) : (
              <PostResults key={`posts:${q}`} posts={posts} />
            )}
          </section>
        </>
      )}
    </div>
  )
}
