import type { Scroll } from '@adonisjs/inertia/types'
import { Link, usePage } from '@inertiajs/react'
import { Heart } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedHeader } from '~/components/posts/feed_header'
import { FeedList } from '~/components/posts/feed_list'
import type { FeedPost } from '~/components/posts/types'
import { Button } from '~/components/ui/button'
import { hasRoute, route } from '~/lib/route'
import type { SharedProps } from '~/types'

/** My likes: posts I liked, most recently liked first. */
export default function LikedPost({ posts }: { posts: Scroll<FeedPost> }) {
  const { can } = usePage<SharedProps>().props
  const feedRoute = can.teamFeed ? 'home' : 'feed.public'
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <FeedHeader title="My likes" intro="Posts you liked, the most recent like first." />
      <FeedList
        posts={posts}
        endLabel="That's everything you liked"
        empty={
          <EmptyState
            icon={Heart}
            title="No liked posts yet"
            action={
              hasRoute(feedRoute) ? (
                <Button asChild variant="outline">
                  <Link href={route(feedRoute)}>Browse the feed</Link>
                </Button>
              ) : undefined
            }
          >
            Tap the heart on a post to keep it here.
          </EmptyState>
        }
      />
    </div>
  )
}
