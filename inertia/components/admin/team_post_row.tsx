import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Eye, FileText, Megaphone, Pencil, Repeat2 } from 'lucide-react'
import type { Data } from '~data'
import { DeletePostButton } from '~/components/admin/delete_post_button'
import { ModeratePostActions } from '~/components/admin/moderate_post_actions'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

export type TeamPostRow = Data.Admin.TeamPost

export const STATUS_BADGE = {
  published: { label: 'Published', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/**
 * One post in the admin post lists (Posts/Index, PostModerations/IndexST):
 * thumbnail, author, excerpt, status, audience, counts, and view / edit /
 * delete; approve / reject while it is pending; `actions` adds more.
 */
export function TeamPostRowItem({ post, actions }: { post: TeamPostRow; actions?: ReactNode }) {
  const name = post.author?.fullName ?? 'A former member'
  const status = STATUS_BADGE[post.status]
  const showUrl = route('admin.posts.show', { id: post.id })
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
      data-testid="admin-post-row"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        {post.thumbUrl ? (
          <img
            src={post.thumbUrl}
            alt=""
            className="size-14 shrink-0 rounded-md border object-cover"
            loading="lazy"
          />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-md border bg-muted">
            <FileText className="size-5 text-muted-foreground" aria-hidden />
          </span>
        )}
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {post.author && <AuthorAvatar author={post.author} size="sm" />}
            <span className="font-medium break-words">{name}</span>
            {post.author && <span className="text-muted-foreground">@{post.author.username}</span>}
            {post.createdAt && (
              <span className="text-muted-foreground">
                · <RelativeTime iso={post.createdAt} />
              </span>
            )}
          </div>
          <Link href={showUrl} className="truncate text-sm hover:underline">
            {post.isShare && (
              <Repeat2 className="mr-1 inline size-4 text-muted-foreground" aria-label="Share" />
            )}
            {post.excerpt ||
              (post.isShare
                ? `Shared ${post.original?.author?.fullName ?? 'a post'}’s post`
                : `${post.mediaCount} attachment${post.mediaCount === 1 ? '' : 's'}`)}
          </Link>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant={status.variant}>{status.label}</Badge>
            <Badge variant="outline">{post.audience === 'team' ? 'Team' : 'Public'}</Badge>
            {post.announced && (
              <Badge variant="secondary">
                <Megaphone className="size-3" aria-hidden /> Announcement
              </Badge>
            )}
            <span>
              {plural(post.counts.likes, 'like')} · {plural(post.counts.comments, 'comment')} ·{' '}
              {plural(post.counts.shares, 'share')}
            </span>
          </div>
          {post.status === 'rejected' && post.rejectionReason && (
            <p className="text-xs break-words text-muted-foreground">
              Rejected: {post.rejectionReason}
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {post.status === 'pending' && <ModeratePostActions postId={post.id} authorName={name} />}
        {actions}
        <Button variant="outline" size="sm" asChild>
          <Link href={showUrl} aria-label={`View post ${post.id} by ${name}`}>
            <Eye className="size-4" aria-hidden /> View
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link
            route="admin.posts.edit"
            routeParams={{ id: post.id }}
            aria-label={`Edit post ${post.id} by ${name}`}
          >
            <Pencil className="size-4" aria-hidden /> Edit
          </Link>
        </Button>
        <DeletePostButton postId={post.id} authorName={name} />
      </div>
    </li>
  )
}

/** A labelled <select> of the admin list filters. */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-9 rounded-md border bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
