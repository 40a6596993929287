import type { Scroll } from '@adonisjs/inertia/types'
import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Heart } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedHeader } from '~/components/posts/feed_header'
import { FeedList } from '~/components/posts/feed_list'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** My likes: posts I liked, most recently liked first. */
export default function LikedPost({ posts }: { posts: Scroll<Data.Post> }) {
  const { can } = usePage<Data.SharedProps>().props
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
              <Button asChild variant="outline">
                <Link href={route(feedRoute)}>Browse the feed</Link>
              </Button>
            }
          >
            Tap the heart on a post to keep it here.
          </EmptyState>
        }
      />
    </div>
  )
}
