import { Link, router } from '@inertiajs/react'
import { Eye, FileText, Megaphone, Pencil, Plus, Repeat2 } from 'lucide-react'
import { DeletePostButton } from '~/components/admin/delete_post_button'
import { ModeratePostActions } from '~/components/admin/moderate_post_actions'
import { EmptyState } from '~/components/admin/empty_state'
import { SearchBox } from '~/components/admin/search_box'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { RelativeTime } from '~/components/posts/relative_time'
import type { PostAuthor, PostCounts } from '~/components/posts/types'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

type AudienceFilter = 'all' | 'team' | 'public'
type StatusFilter = 'all' | 'published' | 'pending' | 'rejected'

type Filters = {
  audience: AudienceFilter
  status: StatusFilter
  q: string
}

type AdminPostRow = {
  id: number
  author: PostAuthor | null
  excerpt: string
  audience: 'team' | 'public'
  status: 'published' | 'pending' | 'rejected'
  announced: boolean
  isShare: boolean
  original: { id: number; author: PostAuthor | null } | null
  thumbUrl: string | null
  mediaCount: number
  counts: PostCounts
  createdAt: string | null
  publishedAt: string | null
}

const AUDIENCES: { value: AudienceFilter; label: string }[] = [
  { value: 'all', label: 'All audiences' },
  { value: 'team', label: 'Team' },
  { value: 'public', label: 'Public' },
]

const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
]

const STATUS_BADGE = {
  published: { label: 'Published', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const

/**
 * Posts/Index (PRODUCT §4, §9): every post (team and public, any status,
 * deleted ones left out), newest first, filtered by audience, status and
 * the author's username; pages by a keyset cursor. Each row opens, edits or
 * deletes (with confirmation) the post.
 */
export default function PostsIndexPage({
  filters,
  pendingCount,
  posts,
  cursor,
  nextCursor,
}: {
  filters: Filters
  pendingCount: number
  posts: AdminPostRow[]
  cursor: string | null
  nextCursor: string | null
}) {
  const params = {
    audience: filters.audience === 'all' ? undefined : filters.audience,
    status: filters.status === 'all' ? undefined : filters.status,
    q: filters.q || undefined,
  }
  const setFilter = (name: 'audience' | 'status', value: string) =>
    router.get(
      route('admin.posts.index'),
      { ...params, [name]: value === 'all' ? undefined : value },
      { preserveState: true, preserveScroll: true, replace: true }
    )
  const filtered = filters.audience !== 'all' || filters.status !== 'all' || !!filters.q

  return (
    <div className="grid gap-6">
      <PageTitle title="Posts" />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Posts</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Every post of the team and public feeds, published or waiting for review, newest first.
          </p>
        </div>
        <Button asChild>
          <Link href={route('admin.posts.create')}>
            <Plus className="size-4" aria-hidden /> New post
          </Link>
        </Button>
      </header>

      {pendingCount > 0 && filters.status !== 'pending' && (
        <p
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
          data-testid="pending-banner"
        >
          <span>
            {pendingCount === 1
              ? '1 post waits for review.'
              : `${pendingCount} posts wait for review.`}
          </span>
          <Link
            href={`${route('admin.posts.index')}?status=pending`}
            className="font-medium underline underline-offset-4"
          >
            Show pending posts
          </Link>
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            id="filter-audience"
            label="Audience"
            value={filters.audience}
            options={AUDIENCES}
            onChange={(value) => setFilter('audience', value)}
          />
          <FilterSelect
            id="filter-status"
            label="Status"
            value={filters.status}
            options={STATUSES}
            onChange={(value) => setFilter('status', value)}
          />
        </div>
        <SearchBox
          url={route('admin.posts.index')}
          value={filters.q}
          params={{ audience: params.audience, status: params.status }}
          label="Search posts by author username"
          placeholder="Author's username"
        />
      </div>

      <section aria-label="Posts" className="overflow-hidden rounded-xl border bg-card shadow-sm">
        {posts.length === 0 ? (
          <EmptyState icon={FileText} title={filtered ? 'No match' : 'No posts yet'}>
            {filtered ? 'No post matches these filters.' : 'Posts written by the team appear here.'}
          </EmptyState>
        ) : (
          <ul className="divide-y">
            {posts.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        )}
      </section>

      <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
        {cursor ? (
          <Link
            href={route('admin.posts.index')}
            data={params}
            className="font-medium text-primary hover:underline"
          >
            ← Newest posts
          </Link>
        ) : (
          <span />
        )}
        {nextCursor ? (
          <Link
            href={route('admin.posts.index')}
            data={{ ...params, cursor: nextCursor }}
            className="font-medium text-primary hover:underline"
            rel="next"
          >
            Older posts →
          </Link>
        ) : (
          posts.length > 0 && <span className="text-muted-foreground">End of the list</span>
        )}
      </nav>
    </div>
  )
}

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  value: T
  options: { value: T; label: string }[]
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

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function PostRow({ post }: { post: AdminPostRow }) {
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
            <span className="font-medium">{name}</span>
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
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {post.status === 'pending' && <ModeratePostActions postId={post.id} authorName={name} />}
        <Button variant="outline" size="sm" asChild>
          <Link href={showUrl} aria-label={`View post ${post.id} by ${name}`}>
            <Eye className="size-4" aria-hidden /> View
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link
            href={route('admin.posts.edit', { id: post.id })}
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
