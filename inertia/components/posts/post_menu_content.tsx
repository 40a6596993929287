import { Link } from '@adonisjs/inertia/react'
import { Bell, BellOff, Flag, Pencil, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '~/components/admin/confirm_dialog'
import { DropdownMenuContent, DropdownMenuItem } from '~/components/ui/dropdown_menu'
import type { postMenuItems } from '~/components/posts/post_menu'
import type { usePostMute } from '~/hooks/use_post_card'

/**
 * The items of a card's "Post actions" menu (components/posts/post_menu.tsx),
 * fetched with Radix after the first paint.
 */
export function PostMenuContent({
  postId,
  items,
  mute,
  onDelete,
  onReport,
}: {
  postId: number
  items: ReturnType<typeof postMenuItems>
  mute: ReturnType<typeof usePostMute>
  onDelete: () => void
  onReport: () => void
}) {
  return (
    <DropdownMenuContent align="end">
      {items.edit && (
        <DropdownMenuItem asChild>
          <Link route="posts.edit" routeParams={{ id: postId }}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Link>
        </DropdownMenuItem>
      )}
      {items.remove && (
        <DropdownMenuItem
          onSelect={() => onDelete()}
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
        <DropdownMenuItem onSelect={() => onReport()}>
          <Flag className="size-4" aria-hidden /> Report post
        </DropdownMenuItem>
      )}
    </DropdownMenuContent>
  )
}

/** "Delete this post?", before a card's post is deleted. */
export function ConfirmDelete({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="Its comments, likes and attachments go with it. This cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  )
}
