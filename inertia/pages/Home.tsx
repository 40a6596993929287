import { Link, usePage } from '@inertiajs/react'
import { Globe, Newspaper, PenSquare } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { hasRoute, route } from '~/lib/route'
import type { SharedProps } from '~/types'

const FEEDS = {
  team: {
    title: 'Home',
    intro: 'Posts from your team.',
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
 * The feed frame: team feed for members and admins ("/"), public feed for
 * everyone signed in ("/public"). Until posts exist it shows the empty
 * state; the list will render inside it with components/shell/feed_skeleton
 * as its loading state.
 */
export default function HomePage({ feed }: { feed: 'team' | 'public' }) {
  const { auth } = usePage<SharedProps>().props
  const info = FEEDS[feed]
  const canPost = hasRoute('posts.create')
  const firstName = auth.user?.fullName.split(/\s+/)[0]
  return (
    <div className="grid gap-6">
      <PageTitle title={info.title} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{info.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{info.intro}</p>
        </div>
        {canPost && (
          <Button asChild>
            <Link href={route('posts.create')}>
              <PenSquare className="size-4" aria-hidden /> New post
            </Link>
          </Button>
        )}
      </div>
      <EmptyState
        icon={info.icon}
        title={firstName ? `Nothing here yet, ${firstName}` : 'Nothing here yet'}
        action={
          canPost ? (
            <Button asChild variant="outline">
              <Link href={route('posts.create')}>Write the first post</Link>
            </Button>
          ) : undefined
        }
      >
        {info.empty}
      </EmptyState>
    </div>
  )
}
