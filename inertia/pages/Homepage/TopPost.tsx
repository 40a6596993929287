import { TrendingUp } from 'lucide-react'
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedHeader } from '~/components/posts/feed_header'
import { PostCard } from '~/components/posts/post_card'
import type { Data } from '~data'

/**
 * Top posts: the most liked and commented posts of the last `windowDays`
 * days (each with at least one like and one comment), ranked by likes +
 * comments; a bounded list of `limit`.
 */
export default function TopPost({
  posts,
  windowDays,
  limit,
}: {
  posts: Data.Post[]
  windowDays: number
  limit: number
}) {
  const media = useMediaViewer()
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <FeedHeader
        title="Top posts"
        intro={`The ${limit} most liked and commented posts of the last ${windowDays} days.`}
      />
      {posts.length === 0 ? (
        <EmptyState icon={TrendingUp} title="No top posts yet">
          Posts with at least one like and one comment in the last {windowDays} days rank here.
        </EmptyState>
      ) : (
        <ol className="grid gap-4" aria-label="Top posts, highest ranked first">
          {posts.map((post, index) => (
            <li key={post.id} className="relative">
              <span
                className="absolute -top-2 -left-2 z-10 grid size-7 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground shadow"
                aria-label={`Rank ${index + 1}`}
              >
                {index + 1}
              </span>
              <PostCard post={post} onOpenMedia={media.open} />
            </li>
          ))}
        </ol>
      )}
      {media.viewer}
    </div>
  )
}
