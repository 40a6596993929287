import type { Scroll } from '@adonisjs/inertia/types'
import { InfiniteScroll, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { MessageCircle } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { ListFooter, ListSkeleton } from '~/components/search/result_list'
import { Button } from '~/components/ui/button'
import { useLoadFailure } from '~/hooks/use_load_failure'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/**
 * People found, or the team directory: paged as it scrolls, or with "Show
 * more" (`manual`, the search results, where the posts follow).
 */
export function PeopleList({
  people,
  manual = false,
}: {
  people: Scroll<Data.Search.PersonResult>
  manual?: boolean
}) {
  const load = useLoadFailure()
  return (
    <InfiniteScroll
      data="people"
      onlyNext
      preserveUrl
      manual={manual || load.failed}
      params={load.params}
      buffer={400}
      as="ul"
      className="grid gap-2 sm:grid-cols-2"
      loading={() => <ListSkeleton count={2} />}
      next={({ hasMore, loading, fetch }) =>
        loading ? null : (
          <ListFooter
            hasMore={hasMore}
            failed={load.failed}
            manual={manual}
            fetch={fetch}
            more="Show more people"
            end={manual ? null : "That's everyone"}
          />
        )
      }
    >
      {people.data.map((person) => (
        <li key={person.id} data-testid="person-result">
          <PersonCard person={person} />
        </li>
      ))}
    </InfiniteScroll>
  )
}

/** A person: their profile, and a button to message them (not oneself). */
function PersonCard({ person }: { person: Data.Search.PersonResult }) {
  const me = usePage<Data.SharedProps>().props.auth.user
  const body = (
    <>
      <AuthorAvatar author={person} />
      <span className="grid min-w-0">
        <span className="truncate font-medium">{person.fullName}</span>
        <span className="truncate text-xs text-muted-foreground">
          @{person.username} · {person.postsCount} {person.postsCount === 1 ? 'post' : 'posts'}
        </span>
      </span>
    </>
  )
  const className =
    'flex items-center gap-3 rounded-xl border bg-card p-3 focus-visible:outline-2 focus-visible:outline-ring'
  const card = (
    <Link
      route="profiles.show"
      routeParams={person}
      className={cn(className, 'min-w-0 flex-1 hover:bg-muted/60')}
    >
      {body}
    </Link>
  )
  if (person.id === me?.id) return card
  return (
    <div className="flex items-stretch gap-2">
      {card}
      <Button asChild variant="outline" className="h-auto shrink-0 rounded-xl px-3">
        <Link
          route="messages.show"
          routeParams={{ username: person.username }}
          aria-label={`Message ${person.fullName}`}
          title={`Message ${person.fullName}`}
        >
          <MessageCircle className="size-4" aria-hidden />
        </Link>
      </Button>
    </div>
  )
}
