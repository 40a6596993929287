import { useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Check, X } from 'lucide-react'
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
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
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
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) form.resetAndClearErrors()
        }}
      >
        <DialogContent>
          <form onSubmit={reject} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Reject this post?</DialogTitle>
              <DialogDescription>
                The post by {authorName} stays unpublished. {authorName} is notified with your
                reason and can edit the post to send it for review again.
              </DialogDescription>
            </DialogHeader>
            <Field
              label="Reason"
              error={form.errors.reason}
              hint={`Shown to the author. ${form.data.reason.length} / 500 characters.`}
            >
              {(a) => (
                <Textarea
                  {...a}
                  name="reason"
                  rows={3}
                  maxLength={500}
                  required
                  autoFocus
                  value={form.data.reason}
                  onChange={(e) => form.setData('reason', e.target.value)}
                />
              )}
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={form.processing}>
                {form.processing ? 'Rejecting…' : 'Reject post'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  )
}
