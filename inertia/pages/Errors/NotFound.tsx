import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'

/** Unknown URLs and records the visitor may not see (404). */
export default function NotFoundPage() {
  return (
    <div className="py-16 text-center" data-testid="not-found">
      <PageTitle title="Page not found" />
      <p className="text-6xl font-bold text-muted-foreground" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-muted-foreground">
        The page you asked for does not exist, or you cannot see it.
      </p>
      <Button asChild className="mt-6">
        <Link route="home">Go to the home page</Link>
      </Button>
    </div>
  )
}
