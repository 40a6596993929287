import { useState } from 'react'
import { Form, Link } from '@adonisjs/inertia/react'
import { EyeOff, FileText } from 'lucide-react'
import type { Data } from '~data'
import { REASON_FORM_CLASS, ReasonDialog } from '~/components/admin/confirm_dialog'
import { EmptyState } from '~/components/admin/empty_state'
import { ListPager } from '~/components/admin/list_pager'
import { FilterBar, filterParams } from '~/components/admin/filter_bar'
import { TeamPostRowItem, type TeamPostRow } from '~/components/admin/team_post_row'
import { useModerationCounts } from '~/hooks/use_moderation_counts'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

type Filters = {
  audience: 'all' | 'team' | 'public'
  status: 'all' | 'published' | 'pending' | 'rejected'
  q: string
  from: string
  to: string
}

const AUDIENCES = [
  { value: 'all', label: 'All audiences' },
  { value: 'team', label: 'Team' },
  { value: 'public', label: 'Public' },
] as const

const STATUSES = [
  { value: 'all', label: 'All states' },
  { value: 'published', label: 'Published' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
] as const

/**
 * PostModerations/IndexST (issue 19 §2): every team post (both audiences,
 * any state, deleted ones left out), newest first, filtered by author,
 * audience, state and creation days; keyset pages. Unpublish (back to
 * review, the author is told why), view, edit, delete.
 */
export default function PostModerationsIndexSTPage({
  filters,
  pendingCount,
  posts,
  cursor,
  nextCursor,
}: {
  filters: Filters
  pendingCount: number
  posts: Data.Admin.TeamPost[]
  cursor: string | null
  nextCursor: string | null
}) {
  const counts = useModerationCounts({ pendingPosts: pendingCount, openReports: 0 })
  const [unpublishing, setUnpublishing] = useState<TeamPostRow | null>(null)
  const params = filterParams(filters)
  const filtered = Object.values(params).some((value) => value !== undefined)

  return (
    <div className="grid gap-6">
      <PageTitle title="Team posts" />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Team posts</h1>
        <p className="text-sm text-muted-foreground">
          Every post of the team and public feeds, in any state, newest first. Unpublishing sends a
          post back to the{' '}
          <Link route="admin.moderation.index" className="font-medium text-primary hover:underline">
            moderation queue
          </Link>{' '}
          (
          <span className="tabular-nums" data-testid="pending-count">
            {counts.pendingPosts}
          </span>{' '}
          waiting) and tells its author why.
        </p>
      </header>

      <FilterBar
        url={route('admin.moderation.posts')}
        label="Filter the team posts"
        values={filters}
        fields={[
          { type: 'select', name: 'audience', label: 'Audience', options: AUDIENCES },
          { type: 'select', name: 'status', label: 'State', options: STATUSES },
          {
            type: 'dates',
            from: 'from',
            to: 'to',
            fromLabel: 'Written from',
            toLabel: 'to (included)',
          },
        ]}
        search={{
          name: 'q',
          label: 'Filter posts by author username',
          placeholder: 'Author’s username',
        }}
      />

      <section aria-label="Posts" className="overflow-hidden rounded-xl border bg-card shadow-sm">
        {posts.length === 0 ? (
          <EmptyState icon={FileText} title={filtered ? 'No match' : 'No posts yet'}>
            {filtered ? 'No post matches these filters.' : 'Posts written by the team appear here.'}
          </EmptyState>
        ) : (
          <ul className="divide-y">
            {posts.map((post) => (
              <TeamPostRowItem
                key={post.id}
                post={post}
                actions={
                  post.status === 'published' && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setUnpublishing(post)}
                      aria-label={`Unpublish post ${post.id} by ${post.author?.fullName ?? 'a former member'}`}
                    >
                      <EyeOff className="size-4" aria-hidden /> Unpublish
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>

      <ListPager
        href={route('admin.moderation.posts')}
        params={params}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Newest posts"
        nextLabel="Older posts"
        endText={posts.length > 0 ? 'End of the list' : null}
      />

      <UnpublishDialog post={unpublishing} onClose={() => setUnpublishing(null)} />
    </div>
  )
}

function UnpublishDialog({ post, onClose }: { post: TeamPostRow | null; onClose: () => void }) {
  const name = post?.author?.fullName ?? 'the author'

  return (
    <ReasonDialog
      open={post !== null}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title="Unpublish this post?"
      description={
        <>
          The post by {name} leaves every feed and waits in the moderation queue until an admin
          approves or rejects it. {name} is notified with your reason.
        </>
      }
      confirmLabel="Unpublish post"
      busyLabel="Unpublishing…"
      form={(fields) =>
        post && (
          <Form
            route="admin.moderation.unpublish"
            routeParams={{ id: post.id }}
            errorBag="unpublishPost"
            options={{ preserveScroll: true }}
            onSuccess={onClose}
            className={REASON_FORM_CLASS}
            noValidate
          >
            {fields}
          </Form>
        )
      }
    />
  )
}
