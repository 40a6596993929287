import { Link } from '@adonisjs/inertia/react'
import { Globe, type MessageCircle, Users } from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { MediaGrid } from '~/components/posts/media_grid'
import { PostBody } from '~/components/posts/post_body'
import { RelativeTime } from '~/components/posts/relative_time'
import { Badge } from '~/components/ui/badge'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/** The small pieces of a post card (components/posts/post_card.tsx). */

export type OpenMedia = (media: Data.Media[], index: number) => void

/** The author's avatar, linking to their profile (the name next to it is the focusable link). */
export function AuthorLink({ author }: { author: Data.Person }) {
  return (
    <Link route="profiles.show" routeParams={author} tabIndex={-1} aria-hidden className="shrink-0">
      <AuthorAvatar author={author} />
    </Link>
  )
}

export function AuthorName({ author }: { author: Data.Person }) {
  const content = (
    <>
      <span className="font-semibold">{author.fullName}</span>
      <span className="font-normal text-muted-foreground">@{author.username}</span>
    </>
  )
  return (
    <Link
      route="profiles.show"
      routeParams={author}
      className="inline-flex gap-1.5 hover:underline"
    >
      {content}
    </Link>
  )
}

export function AudienceLabel({ audience }: { audience: 'team' | 'public' }) {
  const Icon = audience === 'team' ? Users : Globe
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5" aria-hidden />
      {audience === 'team' ? 'Team' : 'Public'}
    </span>
  )
}

export function StatusBadge({ status }: { status: Data.Post['status'] }) {
  if (status === 'published') return <Badge variant="success">Published</Badge>
  if (status === 'pending') return <Badge variant="warning">Pending review</Badge>
  return <Badge variant="destructive">Rejected</Badge>
}

export function ActionButton({
  icon: Icon,
  label,
  onClick,
  pressed,
}: {
  icon: typeof MessageCircle
  label: string
  onClick: () => void
  pressed?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
        pressed ? 'text-foreground' : 'text-muted-foreground'
      )}
    >
      <Icon className="size-4.5" aria-hidden />
      {label}
    </button>
  )
}

/** The original of a share, embedded; or a notice when it is gone. */
export function SharedOriginal({
  original,
  onOpenMedia,
}: {
  original: NonNullable<Data.Post['original']> | null
  onOpenMedia?: OpenMedia
}) {
  if (!original) {
    return (
      <p className="rounded-lg border border-dashed px-3 py-4 text-sm text-muted-foreground">
        The original post is no longer available.
      </p>
    )
  }
  const url = route('posts.show', { id: original.id })
  return (
    <div
      className="grid gap-2 rounded-lg border bg-background/40 p-3"
      data-testid="shared-original"
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        {original.author && <AuthorAvatar author={original.author} size="sm" />}
        {original.author ? (
          <Link
            route="profiles.show"
            routeParams={original.author}
            className="font-semibold text-foreground hover:underline"
          >
            {original.author.fullName}
          </Link>
        ) : (
          <span className="font-semibold text-foreground">A former member</span>
        )}
        <span aria-hidden>·</span>
        <RelativeTime
          iso={original.publishedAt ?? original.createdAt}
          href={url}
          className="hover:underline"
        />
      </div>
      <PostBody html={original.bodyHtml} clamp />
      <MediaGrid
        media={original.media}
        onOpen={onOpenMedia ? (i, items) => onOpenMedia(items, i) : undefined}
      />
    </div>
  )
}
