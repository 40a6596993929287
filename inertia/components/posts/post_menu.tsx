import { lazy, Suspense, useState } from 'react'
import { MoreHorizontal } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { withPrimitives } from '~/components/ui/deferred'
import { DropdownMenu, DropdownMenuTrigger } from '~/components/ui/dropdown_menu'
import { usePostMute } from '~/hooks/use_post_card'
import type { Data } from '~data'

// The menu's items and the delete confirmation: fetched with Radix, after
// the first paint (components/ui/deferred.tsx), not with the feed.
const PostMenuContent = withPrimitives(() =>
  import('~/components/posts/post_menu_content').then((m) => m.PostMenuContent)
)
const ConfirmDelete = withPrimitives(() =>
  import('~/components/posts/post_menu_content').then((m) => m.ConfirmDelete)
)

// Fetched on the first click, not part of the feed's first load (issue 18 §4).
const ReportDialog = lazy(() =>
  import('~/components/people/report_dialog').then((m) => ({ default: m.ReportDialog }))
)

/** What the viewer may do from a card's "Post actions" menu (from `post.can`). */
export function postMenuItems(post: Data.Post) {
  const edit = post.can.edit
  const remove = post.can.delete
  return {
    edit,
    remove,
    // Anyone may report someone else's post (the server checks the rest).
    report: !edit && !remove && !!post.author,
    // Whoever may like the post sees it and may mute its notifications.
    mute: post.can.like,
  }
}

/**
 * The "Post actions" menu of a card: edit, delete (after a confirmation),
 * mute notifications, report. Renders nothing when the viewer may do none.
 */
export function PostMenu({
  post,
  onDelete,
}: {
  post: Data.Post
  /** Deletes the post; calls `done` when it is gone. */
  onDelete: (done: () => void) => void
}) {
  const items = postMenuItems(post)
  const mute = usePostMute(post)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [reporting, setReporting] = useState(false)
  if (!items.edit && !items.remove && !items.report && !items.mute) return null

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 size-8"
            aria-label="Post actions"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <PostMenuContent
          postId={post.id}
          items={items}
          mute={mute}
          onDelete={() => setConfirmDelete(true)}
          onReport={() => setReporting(true)}
        />
      </DropdownMenu>
      {items.report && reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            subject={{ type: 'post', id: post.id, label: 'this post' }}
            open={reporting}
            onOpenChange={setReporting}
          />
        </Suspense>
      )}
      {items.remove && (
        <ConfirmDelete
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          onConfirm={() => onDelete(() => setConfirmDelete(false))}
        />
      )}
    </>
  )
}
