import { usePage } from '@inertiajs/react'
import { Newspaper } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import type { SharedProps } from '~/types'

/**
 * The feed frame. Team feed for members ("/"), public feed for everyone
 * signed in ("/public"). Posts arrive with the social core.
 */
export default function HomePage({ feed }: { feed: 'team' | 'public' }) {
  const { auth } = usePage<SharedProps>().props
  const title = feed === 'team' ? 'Home' : 'Public feed'
  return (
    <div className="grid gap-4">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <section className="rounded-xl border bg-card p-10 text-center" aria-live="polite">
        <Newspaper className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-3 font-semibold">Nothing here yet</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Welcome, {auth.user?.fullName}. Posts from your team will appear here.
        </p>
      </section>
    </div>
  )
}
