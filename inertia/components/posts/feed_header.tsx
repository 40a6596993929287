import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { PenSquare } from 'lucide-react'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'

/** Title, intro and the "New post" button shared by the feed pages. */
export function FeedHeader({
  title,
  intro,
  children,
}: {
  title: string
  intro: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <PageTitle title={title} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
        </div>
        {children ?? <NewPostButton />}
      </div>
    </>
  )
}

export function NewPostButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link route="posts.create">
        <PenSquare className="size-4" aria-hidden /> New post
      </Link>
    </Button>
  )
}
