import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { Check, Flag, RefreshCw, ShieldCheck, X } from 'lucide-react'
import { REASON_FORM_CLASS, ReasonDialog } from '~/components/admin/confirm_dialog'
import { EmptyState } from '~/components/admin/empty_state'
import { ListPager } from '~/components/admin/list_pager'
import { useModerationCounts } from '~/hooks/use_moderation_counts'
import { PostCard } from '~/components/posts/post_card'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'

type Props = {
  posts: Data.Post[]
  pendingCount: number
  openReports: number
  cursor: string | null
  nextCursor: string | null
}

/**
 * PostModerations/Index (issue 19 §2): the posts waiting for review, oldest
 * first, each as members will see it. Approve or reject (with a reason the
 * authors are shown) one post or all the ticked ones at once; the counts
 * follow every admin's decisions live.
 */
export default function PostModerationsIndexPage({
  posts,
  pendingCount,
  openReports,
  cursor,
  nextCursor,
}: Props) {
  const counts = useModerationCounts({ pendingPosts: pendingCount, openReports })
  const [ticked, setSelected] = useState<number[]>([])
  const [rejecting, setRejecting] = useState<number[] | null>(null)
  const [approving, setApproving] = useState(false)
  // Posts decided elsewhere leave the selection when the page reloads.
  const onPage = new Set(posts.map((post) => post.id))
  const selected = ticked.filter((id) => onPage.has(id))

  const allSelected = posts.length > 0 && selected.length === posts.length
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id]
    )

  function approve(ids: number[]) {
    router.post(
      route('admin.moderation.decide'),
      { ids, decision: 'approve' },
      {
        preserveScroll: true,
        onStart: () => setApproving(true),
        onFinish: () => setApproving(false),
        onSuccess: () => setSelected((current) => current.filter((id) => !ids.includes(id))),
      }
    )
  }

  const waiting = counts.pendingPosts
  const stale = waiting !== pendingCount

  return (
    <div className="grid gap-6">
      <PageTitle title="Moderation queue" />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Moderation queue</h1>
        <p className="text-sm text-muted-foreground">
          Posts waiting for an admin’s approval, oldest first, as members will see them once
          approved. Which posts wait is set by the moderation policy in{' '}
          <Link route="settings.edit" className="font-medium text-primary hover:underline">
            Settings
          </Link>
          .
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-live="polite">
          <span data-testid="pending-count">
            <strong className="tabular-nums">{waiting}</strong>{' '}
            {waiting === 1 ? 'post waits' : 'posts wait'} for review
          </span>
          <Link
            route="admin.reports.index"
            className="inline-flex items-center gap-1 text-primary hover:underline"
            data-testid="open-reports-count"
          >
            <Flag className="size-3.5" aria-hidden />
            <strong className="tabular-nums">{counts.openReports}</strong>{' '}
            {counts.openReports === 1 ? 'reported item' : 'reported items'} to review
          </Link>
        </p>
      </header>

      {stale && (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100"
          role="status"
        >
          <span>The queue changed since this page was loaded.</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => router.reload({ only: ['posts', 'pendingCount', 'openReports'] })}
          >
            <RefreshCw className="size-4" aria-hidden /> Refresh
          </Button>
        </div>
      )}

      {posts.length > 0 && (
        <div
          className="sticky top-14 z-10 flex flex-wrap items-center gap-3 rounded-lg border bg-card/95 p-3 shadow-sm backdrop-blur"
          data-testid="bulk-bar"
        >
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? [] : posts.map((post) => post.id))}
            />
            Select all on this page
          </label>
          <span className="text-sm text-muted-foreground tabular-nums">
            {selected.length} selected
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={selected.length === 0 || approving}
              onClick={() => approve(selected)}
            >
              <Check className="size-4" aria-hidden /> Approve selected
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={selected.length === 0}
              onClick={() => setRejecting(selected)}
            >
              <X className="size-4" aria-hidden /> Reject selected
            </Button>
          </div>
        </div>
      )}

      {posts.length === 0 ? (
        <section className="rounded-xl border bg-card shadow-sm">
          <EmptyState icon={ShieldCheck} title="Nothing waits for review">
            {cursor
              ? 'No more posts after these.'
              : 'New posts that need an admin’s approval appear here.'}
          </EmptyState>
        </section>
      ) : (
        <ol className="grid gap-4" aria-label="Posts waiting for review">
          {posts.map((post) => {
            const name = post.author?.fullName ?? 'A former member'
            const checked = selected.includes(post.id)
            return (
              <li
                key={post.id}
                className="grid gap-2 rounded-xl border bg-muted/30 p-2 sm:p-3"
                data-testid="queue-item"
              >
                <div className="flex flex-wrap items-center gap-3 px-1">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={() => toggle(post.id)}
                      aria-label={`Select post ${post.id} by ${name}`}
                    />
                    <span className="text-muted-foreground">
                      {post.audience === 'team' ? 'Team' : 'Public'} post by{' '}
                      <span className="font-medium break-all text-foreground">{name}</span>
                    </span>
                  </label>
                  <div className="ml-auto flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => approve([post.id])}
                      disabled={approving}
                      aria-label={`Approve post ${post.id} by ${name}`}
                    >
                      <Check className="size-4" aria-hidden /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setRejecting([post.id])}
                      aria-label={`Reject post ${post.id} by ${name}`}
                    >
                      <X className="size-4" aria-hidden /> Reject
                    </Button>
                  </div>
                </div>
                <PostCard post={post} showStatus headingLevel={2} />
              </li>
            )
          })}
        </ol>
      )}

      <ListPager
        href={route('admin.moderation.index')}
        cursor={cursor}
        nextCursor={nextCursor}
        firstLabel="Oldest posts"
        nextLabel="Newer posts"
        endText={posts.length > 0 ? 'End of the queue' : null}
      />

      <RejectDialog
        ids={rejecting}
        onClose={() => setRejecting(null)}
        onDone={(ids) => setSelected((current) => current.filter((id) => !ids.includes(id)))}
      />
    </div>
  )
}

/** Rejects one or several posts with one reason, shown to each author. */
function RejectDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null
  onClose: () => void
  onDone: (ids: number[]) => void
}) {
  const count = ids?.length ?? 0

  return (
    <ReasonDialog
      open={ids !== null}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title={count === 1 ? 'Reject this post?' : `Reject ${count} posts?`}
      description={
        <>
          {count === 1 ? 'The post stays' : 'The posts stay'} unpublished. Each author is notified
          with your reason and can edit the post to send it for review again.
        </>
      }
      confirmLabel={count === 1 ? 'Reject post' : `Reject ${count} posts`}
      busyLabel="Rejecting…"
      errorKeys={['reason', 'ids']}
      shownTo={count === 1 ? 'author' : 'authors'}
      form={(fields) =>
        ids && (
          <Form
            route="admin.moderation.decide"
            transform={(data) => ({ ...data, ids, decision: 'reject' })}
            errorBag="rejectPosts"
            options={{ preserveScroll: true }}
            onSuccess={() => {
              onDone(ids)
              onClose()
            }}
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
