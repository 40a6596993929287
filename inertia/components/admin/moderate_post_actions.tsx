import { useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Check, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { ReasonDialog } from '~/components/admin/confirm_dialog'
import { route } from '~/lib/route'

/**
 * Approve (one click: the post is published) or reject (dialog with a
 * required reason the author is shown) a pending post, on Posts/Index rows
 * and Posts/Show. The server answers with a success or error flash.
 */
export function ModeratePostActions({
  postId,
  authorName,
  size = 'sm',
}: {
  postId: number
  authorName: string
  size?: 'sm' | 'default'
}) {
  const [approving, setApproving] = useState(false)
  const [open, setOpen] = useState(false)
  const form = useForm({ reason: '' })

  function approve() {
    router.post(
      route('admin.posts.approve', { id: postId }),
      {},
      {
        preserveScroll: true,
        onStart: () => setApproving(true),
        onFinish: () => setApproving(false),
      }
    )
  }

  function reject(e: React.FormEvent) {
    e.preventDefault()
    form.post(route('admin.posts.reject', { id: postId }), {
      errorBag: `rejectPost${postId}`,
      preserveScroll: true,
      onSuccess: () => {
        setOpen(false)
        form.reset()
      },
    })
  }

  return (
    <>
      <Button
        size={size}
        onClick={approve}
        disabled={approving}
        aria-label={`Approve post ${postId} by ${authorName}`}
      >
        <Check className="size-4" aria-hidden />
        {approving ? 'Approving…' : 'Approve'}
      </Button>
      <Button
        size={size}
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Reject post ${postId} by ${authorName}`}
      >
        <X className="size-4" aria-hidden /> Reject
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) form.resetAndClearErrors()
        }}
        title="Reject this post?"
        description={
          <>
            The post by {authorName} stays unpublished. {authorName} is notified with your reason
            and can edit the post to send it for review again.
          </>
        }
        confirmLabel="Reject post"
        busyLabel="Rejecting…"
        busy={form.processing}
        onSubmit={reject}
        reason={form.data.reason}
        onReasonChange={(reason) => form.setData('reason', reason)}
        error={form.errors.reason}
      />
    </>
  )
}
