import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'

/** Shown when a page was asked for too often (429): the message says how long to wait. */
export default function TooManyRequestsPage({ message }: { message: string }) {
  return (
    <div className="py-16 text-center" data-testid="too-many-requests">
      <PageTitle title="Slow down" />
      <p className="text-6xl font-bold text-muted-foreground" aria-hidden>
        429
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Slow down</h1>
      <p className="mt-2 text-muted-foreground" role="alert">
        {message}
      </p>
      <Button asChild className="mt-6">
        <Link route="home">Go to the home page</Link>
      </Button>
    </div>
  )
}
