import type { Scroll } from '@adonisjs/inertia/types'
import { Newspaper } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedHeader, NewPostButton } from '~/components/posts/feed_header'
import { FeedList } from '~/components/posts/feed_list'
import type { Data } from '~data'

/**
 * My posts: everything I wrote or shared, newest first, each with its
 * Published / Pending review / Rejected badge.
 */
export default function MyPost({ posts }: { posts: Scroll<Data.Post> }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <FeedHeader
        title="My posts"
        intro="Everything you posted or shared. Public posts may wait for review before others see them."
      />
      <FeedList
        posts={posts}
        showStatus
        endLabel="That's all of your posts"
        empty={
          <EmptyState
            icon={Newspaper}
            title="You have not posted yet"
            action={<NewPostButton variant="outline" />}
          >
            Share an update, a photo or a file with your team.
          </EmptyState>
        }
      />
    </div>
  )
}
