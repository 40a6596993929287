import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Trash2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/admin/confirm_dialog'
import { route } from '~/lib/route'

/**
 * Delete a post from the back office, after a confirmation dialog
 * (admin.posts.destroy; the server records it in the audit log and sends
 * the admin back to Posts/Index).
 */
export function DeletePostButton({
  postId,
  authorName,
  size = 'sm',
}: {
  postId: number
  authorName: string
  size?: 'sm' | 'default'
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const destroy = () => {
    setBusy(true)
    router.delete(route('admin.posts.destroy', { id: postId }), {
      preserveScroll: true,
      onSuccess: () => setOpen(false),
      onError: () => toast.error('The post could not be deleted.'),
      onFinish: () => setBusy(false),
    })
  }
  return (
    <>
      <Button
        variant="outline"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={`Delete post ${postId} by ${authorName}`}
      >
        <Trash2 className="size-4" aria-hidden /> Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this post?"
        description={
          <>
            The post by {authorName}, with its comments, likes and attachments, disappears for
            everyone. The deletion is recorded in the audit log.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        onConfirm={destroy}
      />
    </>
  )
}
