import type { Scroll } from '@adonisjs/inertia/types'
import { InfiniteScroll } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Heart, Image as ImageIcon, MessageCircle, Repeat2 } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import { ListFooter, ListSkeleton } from '~/components/search/result_list'
import { useLoadFailure } from '~/hooks/use_load_failure'
import type { Data } from '~data'

/** Posts found, paged as the list scrolls. */
export function PostResults({ posts }: { posts: Scroll<Data.Search.PostResult> }) {
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
          <PostResult post={post} />
        </li>
      ))}
    </InfiniteScroll>
  )
}

/** One post found: author, when, the snippet with the matched words marked, counts. */
function PostResult({ post }: { post: Data.Search.PostResult }) {
  return (
    <Link
      route="posts.show"
      routeParams={{ id: post.id }}
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
  )
}
