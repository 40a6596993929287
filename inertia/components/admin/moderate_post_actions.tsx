import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { Check, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { REASON_FORM_CLASS, ReasonDialog } from '~/components/admin/confirm_dialog'
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
        onOpenChange={setOpen}
        title="Reject this post?"
        description={
          <>
            The post by {authorName} stays unpublished. {authorName} is notified with your reason
            and can edit the post to send it for review again.
          </>
        }
        confirmLabel="Reject post"
        busyLabel="Rejecting…"
        form={(fields) => (
          <Form
            route="admin.posts.reject"
            routeParams={{ id: postId }}
            errorBag={`rejectPost${postId}`}
            options={{ preserveScroll: true }}
            onSuccess={() => setOpen(false)}
            className={REASON_FORM_CLASS}
            noValidate
          >
            {fields}
          </Form>
        )}
      />
    </>
  )
}
