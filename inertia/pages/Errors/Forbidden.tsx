import { Link } from '@adonisjs/inertia/react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'

/** Shown when the visitor may not do or see something (403). */
export default function ForbiddenPage({ message }: { message: string }) {
  return (
    <div className="py-16 text-center" data-testid="forbidden">
      <PageTitle title="Not allowed" />
      <p className="text-6xl font-bold text-muted-foreground" aria-hidden>
        403
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Not allowed</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button asChild className="mt-6">
        <Link route="home">Go to the home page</Link>
      </Button>
    </div>
  )
}
