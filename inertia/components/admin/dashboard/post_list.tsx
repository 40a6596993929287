import { Link } from '@adonisjs/inertia/react'
import { FileText, Heart, MessageSquare, Paperclip } from 'lucide-react'
import type { Data } from '~data'
import { Avatar } from '~/components/shell/avatar'
import { EmptyState } from '~/components/admin/empty_state'
import { Badge } from '~/components/ui/badge'
import { cn } from '~/lib/utils'

const STATE: Record<string, { label: string; variant: 'success' | 'warning' | 'secondary' }> = {
  published: { label: 'Published', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'secondary' },
}

/**
 * Posts of a drill-down list: rank (optional), author, excerpt, state,
 * audience, counters; the highlighted counter is the list's order.
 */
export function PostList({
  posts,
  highlight,
  rankFrom,
  emptyTitle,
  emptyText,
}: {
  posts: Data.Admin.RankedPost[]
  highlight?: 'likes' | 'comments'
  /** The first row's rank (1 on the first page); no ranks when absent. */
  rankFrom?: number
  emptyTitle: string
  emptyText: string
}) {
  if (posts.length === 0) {
    return (
      <EmptyState icon={FileText} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    )
  }
  return (
    <ol className="divide-y" data-testid="drilldown-list">
      {posts.map((post, index) => {
        const state = STATE[post.status] ?? { label: post.status, variant: 'secondary' as const }
        return (
          <li key={post.id} className="flex gap-3 p-4" data-testid="drilldown-row">
            {rankFrom !== undefined && (
              <span className="w-8 shrink-0 pt-0.5 text-right text-sm font-semibold text-muted-foreground tabular-nums">
                {rankFrom + index}
              </span>
            )}
            <div className="grid min-w-0 flex-1 gap-2">
              {post.author && (
                <div className="flex min-w-0 items-center gap-2 text-sm">
                  <Avatar
                    initials={post.author.initials}
                    name={post.author.fullName}
                    src={post.author.avatarUrl}
                    size="sm"
                    decorative
                  />
                  <span className="font-medium break-words">{post.author.fullName}</span>
                  <span className="break-all text-muted-foreground">@{post.author.username}</span>
                </div>
              )}
              <p className="text-sm break-words whitespace-pre-line">
                {post.excerpt || (
                  <span className="text-muted-foreground italic">
                    {post.isShare ? 'A share without a comment' : 'No text (attachments only)'}
                  </span>
                )}
              </p>
              {post.rejectionReason && (
                <p className="text-xs break-words text-muted-foreground">
                  Rejected: {post.rejectionReason}
                </p>
              )}
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
                {post.deleted ? (
                  <Badge variant="destructive">Deleted</Badge>
                ) : (
                  <Badge variant={state.variant}>{state.label}</Badge>
                )}
                <Badge variant="outline">{post.audience === 'public' ? 'Public' : 'Team'}</Badge>
                {post.isShare && <Badge variant="outline">Share</Badge>}
                <span
                  className={cn(
                    'inline-flex items-center gap-1 tabular-nums',
                    highlight === 'likes' && 'font-semibold text-foreground'
                  )}
                >
                  <Heart className="size-3.5" aria-hidden />
                  {post.likesCount.toLocaleString()} <span className="sr-only">likes</span>
                </span>
                <span
                  className={cn(
                    'inline-flex items-center gap-1 tabular-nums',
                    highlight === 'comments' && 'font-semibold text-foreground'
                  )}
                >
                  <MessageSquare className="size-3.5" aria-hidden />
                  {post.commentsCount.toLocaleString()} <span className="sr-only">comments</span>
                </span>
                {post.mediaCount > 0 && (
                  <span className="inline-flex items-center gap-1 tabular-nums">
                    <Paperclip className="size-3.5" aria-hidden />
                    {post.mediaCount} <span className="sr-only">attachments</span>
                  </span>
                )}
                <time dateTime={post.createdAt ?? undefined}>
                  {post.createdAt
                    ? new Date(post.createdAt).toLocaleDateString(undefined, {
                        dateStyle: 'medium',
                      })
                    : ''}
                </time>
                {post.url && (
                  <Link href={post.url} className="font-medium text-primary hover:underline">
                    Open<span className="sr-only"> post {post.id}</span>
                  </Link>
                )}
              </div>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
