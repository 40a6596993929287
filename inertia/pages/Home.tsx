import { usePage } from '@inertiajs/react'
import type { Scroll } from '@adonisjs/inertia/types'
import { Globe, Newspaper } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedHeader, NewPostButton } from '~/components/posts/feed_header'
import { FeedList } from '~/components/posts/feed_list'
import { NewPostsBar } from '~/components/live/new_posts_bar'
import type { Data } from '~data'

const FEEDS = {
  team: {
    title: 'Home',
    intro: 'Posts from your team, newest first.',
    empty: 'When your teammates post, their updates appear here, newest first.',
    icon: Newspaper,
  },
  public: {
    title: 'Public feed',
    intro: 'Posts shared with everyone signed in, external accounts included.',
    empty: 'Public posts appear here once they are published.',
    icon: Globe,
  },
} as const

/**
 * The feeds: team feed for members and admins ("/"), public feed for
 * everyone signed in ("/public"). Posts arrive 20 at a time as the page
 * scrolls (keyset cursor); liking or commenting updates one card only.
 */
export default function HomePage({
  feed,
  posts,
}: {
  feed: 'team' | 'public'
  posts: Scroll<Data.Post>
}) {
  const { auth } = usePage<Data.SharedProps>().props
  const info = FEEDS[feed]
  const firstName = auth.user?.fullName.split(/\s+/)[0]
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <FeedHeader title={info.title} intro={info.intro} />
      <NewPostsBar feed={feed} topId={posts.data[0]?.id ?? null} />
      <FeedList
        key={feed}
        posts={posts}
        empty={
          <EmptyState
            icon={info.icon}
            title={firstName ? `Nothing here yet, ${firstName}` : 'Nothing here yet'}
            action={<NewPostButton variant="outline" />}
          >
            {info.empty}
          </EmptyState>
        }
      />
    </div>
  )
}
