import { useEffect, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** The JSON page of `posts.likes` (the likes controller). */
type LikesPage = {
  data: Data.Liker[]
  nextCursor: string | null
}

/**
 * "Liked by" list for a post: a dialog fed by the JSON endpoint
 * `posts.likes` (authorised like the post itself), newest likes first,
 * 30 per page with "Show more". Mount it while open.
 */
export function LikedByDialog({
  postId,
  onOpenChange,
}: {
  postId: number
  onOpenChange: (open: boolean) => void
}) {
  const [people, setPeople] = useState<LikesPage['data']>([])
  const [next, setNext] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('loading')

  const fetchPage = (cursor: string | null) =>
    jsonRequest<LikesPage>(
      'get',
      route('posts.likes', { id: postId }),
      cursor ? { cursor } : undefined
    )

  const apply = (page: LikesPage, append: boolean) => {
    setPeople((current) => (append ? [...current, ...page.data] : page.data))
    setNext(page.nextCursor)
    setState('idle')
  }

  const load = async (cursor: string | null) => {
    setState('loading')
    try {
      apply(await fetchPage(cursor), cursor !== null)
    } catch {
      setState('error')
    }
  }

  // The first page, each time the dialog opens (the dialog is mounted while open).
  useEffect(() => {
    let active = true
    fetchPage(null).then(
      (page) => active && apply(page, false),
      () => active && setState('error')
    )
    return () => {
      active = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId])

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Liked by</DialogTitle>
          <DialogDescription className="sr-only">People who liked this post</DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-80 gap-1 overflow-y-auto" aria-busy={state === 'loading'}>
          {people.map((person) => (
            <li key={person.id} className="flex items-center gap-3 rounded-md px-1 py-1.5">
              <AuthorAvatar author={person} size="sm" />
              <div className="min-w-0">
                <Link
                  route="profiles.show"
                  routeParams={person}
                  className="block truncate text-sm font-medium hover:underline"
                >
                  {person.fullName}
                </Link>
                <span className="block truncate text-xs text-muted-foreground">
                  @{person.username}
                </span>
              </div>
            </li>
          ))}
          {state === 'loading' &&
            Array.from({ length: people.length ? 1 : 3 }, (_, i) => (
              <li key={`s${i}`} className="flex items-center gap-3 px-1 py-1.5">
                <Skeleton className="size-7 rounded-full" />
                <Skeleton className="h-3.5 w-32" />
              </li>
            ))}
        </ul>
        {state === 'idle' && people.length === 0 && (
          <p className="text-sm text-muted-foreground">Nobody likes this post yet.</p>
        )}
        {state === 'error' && (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span className="text-destructive">Could not load the list.</span>
            <Button size="sm" variant="outline" onClick={() => load(next)}>
              Retry
            </Button>
          </div>
        )}
        {state === 'idle' && next && (
          <Button variant="outline" size="sm" onClick={() => load(next)}>
            Show more
          </Button>
        )}
      </DialogContent>
    </Dialog>
  )
}
