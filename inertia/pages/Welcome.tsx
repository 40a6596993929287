import { Link, usePage } from '@inertiajs/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { hasRoute, route } from '~/lib/route'
import type { SharedProps } from '~/types'

export default function WelcomePage() {
  const { team } = usePage<SharedProps>().props
  return (
    <div className="text-center">
      <PageTitle title="Welcome" />
      <h1 className="text-3xl font-bold tracking-tight">Welcome to {team.name}</h1>
      <p className="mt-3 text-muted-foreground">
        Your team's own space: share posts, photos and videos, comment, like and message each other.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild size="lg">
          <Link href={route('session.create')}>Sign in</Link>
        </Button>
        {hasRoute('register.create') && (
          <Button asChild size="lg" variant="outline">
            <Link href={route('register.create')}>Create an account</Link>
          </Button>
        )}
      </div>
    </div>
  )
}
