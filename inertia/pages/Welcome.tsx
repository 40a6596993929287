import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Bell, Image, MessageCircle, Newspaper } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import type { Data } from '~data'

const FEATURES = [
  { icon: Newspaper, title: 'Posts', text: 'Share updates, photos, videos and files.' },
  { icon: MessageCircle, title: 'Messages', text: 'Talk one to one, in real time.' },
  { icon: Image, title: 'Albums', text: 'Everyone’s photos and videos in one place.' },
  { icon: Bell, title: 'Notifications', text: 'Know when someone likes, comments or tags you.' },
]

/** The landing page for visitors who are not signed in. */
export default function WelcomePage() {
  const { team } = usePage<Data.SharedProps>().props
  return (
    <div className="py-8 text-center sm:py-12">
      <PageTitle title="Welcome" />
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        Welcome to {team.name}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-muted-foreground text-pretty">
        Your team’s own space: share posts, photos and videos, comment, like and message each other.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link route="session.create">Sign in</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link route="register.create">Create an account</Link>
        </Button>
      </div>
      <ul className="mt-12 grid gap-4 text-left sm:grid-cols-2">
        {FEATURES.map((f) => (
          <li key={f.title} className="flex gap-3 rounded-xl border bg-card p-4">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
              <f.icon className="size-5" aria-hidden />
            </span>
            <span>
              <span className="block font-medium">{f.title}</span>
              <span className="block text-sm text-muted-foreground">{f.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
