import { Link } from '@adonisjs/inertia/react'
import { FileText, Plus } from 'lucide-react'
import { EmptyState } from '~/components/admin/empty_state'
import { ListPager } from '~/components/admin/list_pager'
import { FilterBar, filterParams } from '~/components/admin/filter_bar'
import { TeamPostRowItem, type TeamPostRow } from '~/components/admin/team_post_row'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

type AudienceFilter = 'all' | 'team' | 'public'
type StatusFilter = 'all' | 'published' | 'pending' | 'rejected'

type Filters = {
  audience: AudienceFilter
  status: StatusFilter
  q: string
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

/**
 * Posts/Index (PRODUCT §4, §9): the posts written by admins — announcements
 * and team news — (any status, deleted ones left out), newest first,
 * filtered by audience, status and the author's username; pages by a keyset
 * cursor. Each row opens, edits or deletes (with confirmation) the post.
 * Everyone's posts are on PostModerations/IndexST ("Team posts"), posts
 * waiting for review on PostModerations/Index.
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
  posts: TeamPostRow[]
  cursor: string | null
  nextCursor: string | null
}) {
  const params = filterParams(filters)
  const filtered = Object.values(params).some((value) => value !== undefined)

  return (
    <div className="grid gap-6">
      <PageTitle title="Admin posts" />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Admin posts</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Announcements and posts written by admins, newest first. Everyone’s posts are under{' '}
            <Link
              route="admin.moderation.posts"
              className="font-medium text-primary hover:underline"
            >
              Team posts
            </Link>
            .
          </p>
        </div>
        <Button asChild>
          <Link route="admin.posts.create">
            <Plus className="size-4" aria-hidden /> New post
          </Link>
        </Button>
      </header>

      {pendingCount > 0 && <PendingBanner count={pendingCount} />}

      <FilterBar
        url={route('admin.posts.index')}
        label="Filter the admin posts"
        values={filters}
        fields={[
          { type: 'select', name: 'audience', label: 'Audience', options: AUDIENCES },
          { type: 'select', name: 'status', label: 'Status', options: STATUSES },
        ]}
        search={{
          name: 'q',
          label: 'Search posts by author username',
          placeholder: "Author's username",
        }}
      />

      <section aria-label="Posts" className="overflow-hidden rounded-xl border bg-card shadow-sm">
        {posts.length === 0 ? (
          <EmptyState icon={FileText} title={filtered ? 'No match' : 'No posts yet'}>
            {filtered
              ? 'No post matches these filters.'
              : 'Announcements and posts written by admins appear here.'}
          </EmptyState>
        ) : (
          <ul className="divide-y">
            {posts.map((post) => (
              <TeamPostRowItem key={post.id} post={post} />
            ))}
          </ul>
        )}
      </section>

      <ListPager
        href={route('admin.posts.index')}
        params={params}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Newest posts"
        nextLabel="Older posts"
        endText={posts.length > 0 ? 'End of the list' : null}
      />
    </div>
  )
}

/** Posts waiting for review, with the way to the moderation queue. */
function PendingBanner({ count }: { count: number }) {
  return (
    <p
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="pending-banner"
    >
      <span>{count === 1 ? '1 post waits for review.' : `${count} posts wait for review.`}</span>
      <Link route="admin.moderation.index" className="font-medium underline underline-offset-4">
        Open the moderation queue
      </Link>
    </p>
  )
}
