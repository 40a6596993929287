import { lazy, Suspense, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Bell, BellOff, Flag, MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown_menu'
import { usePostMute } from '~/hooks/use_post_card'
import type { Data } from '~data'

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
        <DropdownMenuContent align="end">
          {items.edit && (
            <DropdownMenuItem asChild>
              <Link route="posts.edit" routeParams={{ id: post.id }}>
                <Pencil className="size-4" aria-hidden /> Edit
              </Link>
            </DropdownMenuItem>
          )}
          {items.remove && (
            <DropdownMenuItem
              onSelect={() => setConfirmDelete(true)}
              className="text-destructive focus:text-destructive"
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </DropdownMenuItem>
          )}
          {items.mute && (
            <DropdownMenuItem onSelect={mute.toggle}>
              {mute.muted ? (
                <Bell className="size-4" aria-hidden />
              ) : (
                <BellOff className="size-4" aria-hidden />
              )}
              {mute.muted ? 'Unmute notifications' : 'Mute notifications'}
            </DropdownMenuItem>
          )}
          {items.report && (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag className="size-4" aria-hidden /> Report post
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
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

function ConfirmDelete({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Delete this post?</DialogTitle>
          <DialogDescription>
            Its comments, likes and attachments go with it. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
