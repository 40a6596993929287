import type { ReactNode } from 'react'
import type { Scroll } from '@adonisjs/inertia/types'
import { InfiniteScroll, Link, router, usePage } from '@inertiajs/react'
import {
  CheckCircle2,
  Heart,
  Image as ImageIcon,
  MessageCircle,
  RefreshCw,
  Repeat2,
  SearchX,
  Users,
} from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import type { PostAuthor } from '~/components/posts/types'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { useLoadFailure } from '~/hooks/use_load_failure'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { SharedProps } from '~/types'

type Person = PostAuthor & {
  postsCount: number
  commentsCount: number
}

type SnippetPart = {
  text: string
  hit: boolean
}

type PostResult = {
  id: number
  author: PostAuthor
  snippet: SnippetPart[]
  isShare: boolean
  mediaCount: number
  likes: number
  comments: number
  createdAt: string | null
}

type Sort = 'name' | 'active' | 'newest'

const SORTS: { value: Sort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'active', label: 'Most active' },
  { value: 'newest', label: 'Newest' },
]

/**
 * Search (PRODUCT §8). The header search box drives it as you type
 * (components/shell/header_search.tsx: debounced partial reloads of
 * `q`, `people` and `posts`, focus stays in the box). With a query: People
 * and Posts sections, each paged by its own cursor; without one: the team
 * directory, sortable. Highlights are server-made text parts rendered as
 * text and <mark>, never HTML.
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
  people: Scroll<Person>
  posts: Scroll<PostResult>
}) {
  if (!q) return <Directory sort={sort} showPeople={showPeople} people={people} />
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

function Directory({
  sort,
  showPeople,
  people,
}: {
  sort: Sort
  showPeople: boolean
  people: Scroll<Person>
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

function PeopleList({ people, manual = false }: { people: Scroll<Person>; manual?: boolean }) {
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

function PersonCard({ person }: { person: Person }) {
  const me = usePage<SharedProps>().props.auth.user
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
  const card = !hasRoute('profiles.show') ? (
    <div className={className}>{body}</div>
  ) : (
    <Link
      href={route('profiles.show', person)}
      className={cn(className, 'min-w-0 flex-1 hover:bg-muted/60')}
    >
      {body}
    </Link>
  )
  if (!hasRoute('messages.show') || person.id === me?.id) return card
  return (
    <div className="flex items-stretch gap-2">
      {card}
      <Button asChild variant="outline" className="h-auto shrink-0 rounded-xl px-3">
        <Link
          href={route('messages.show', { username: person.username })}
          aria-label={`Message ${person.fullName}`}
          title={`Message ${person.fullName}`}
        >
          <MessageCircle className="size-4" aria-hidden />
        </Link>
      </Button>
    </div>
  )
}

function PostResults({ posts }: { posts: Scroll<PostResult> }) {
  const load = useLoadFailure()
  return (
    <InfiniteScroll
      data="posts"
      onlyNext
      preserveUrl
      buffer={600}
      manual={load.failed}
      params={load.params}
      as="ul"
      className="grid gap-2"
      loading={() => <ListSkeleton count={3} />}
      next={({ hasMore, loading, fetch }) =>
        loading ? null : (
          <ListFooter
            hasMore={hasMore}
            failed={load.failed}
            manual={false}
            fetch={fetch}
            more="Show more posts"
            end="No more posts match"
          />
        )
      }
    >
      {posts.data.map((post) => (
        <li key={post.id} data-testid="post-result">
          <Link
            href={route('posts.show', { id: post.id })}
            className="grid gap-1.5 rounded-xl border bg-card p-3 hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-2 text-sm">
              <AuthorAvatar author={post.author} size="sm" />
              <span className="font-medium">{post.author.fullName}</span>
              {post.isShare && (
                <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                  <Repeat2 className="size-3.5" aria-hidden /> shared
                </span>
              )}
              <RelativeTime iso={post.createdAt} className="text-xs text-muted-foreground" />
            </span>
            <span className="text-sm wrap-anywhere">
              {post.snippet.map((part, index) =>
                part.hit ? (
                  <mark
                    key={index}
                    className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40"
                  >
                    {part.text}
                  </mark>
                ) : (
                  <span key={index}>{part.text}</span>
                )
              )}
            </span>
            <span className="flex gap-3 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Heart className="size-3.5" aria-hidden /> {post.likes}
                <span className="sr-only">likes</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-3.5" aria-hidden /> {post.comments}
                <span className="sr-only">comments</span>
              </span>
              {post.mediaCount > 0 && (
                <span className="inline-flex items-center gap-1">
                  <ImageIcon className="size-3.5" aria-hidden /> {post.mediaCount}
                  <span className="sr-only">files</span>
                </span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </InfiniteScroll>
  )
}

function ListFooter({
  hasMore,
  failed,
  manual,
  fetch,
  more,
  end,
}: {
  hasMore: boolean
  failed: boolean
  manual: boolean
  fetch: () => void
  more: string
  end: ReactNode
}) {
  if (failed && hasMore) {
    return (
      <div
        role="alert"
        className="mt-2 flex flex-wrap items-center justify-center gap-3 rounded-xl border border-dashed px-4 py-4 text-sm"
      >
        <span className="text-destructive">The next results could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={() => fetch()}>
          <RefreshCw className="size-4" aria-hidden /> Retry
        </Button>
      </div>
    )
  }
  if (hasMore && manual) {
    return (
      <div className="mt-2 flex justify-center">
        <Button variant="outline" size="sm" onClick={() => fetch()}>
          {more}
        </Button>
      </div>
    )
  }
  if (!hasMore && end) {
    return (
      <p
        className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground"
        data-testid="search-end"
      >
        <CheckCircle2 className="size-4" aria-hidden /> {end}
      </p>
    )
  }
  return null
}

function ListSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading results" className="mt-2 grid gap-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border bg-card p-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
