import { useForm } from '@inertiajs/react'
import type { FeedPost } from '~/components/posts/types'
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

/** What the server flashes after a share: the original's exact share count. */
export interface SharedCount {
  postId: number
  shares: number
}

/**
 * Share (repost) with an optional comment, through the posts feature's
 * `posts.share` route (POST, field `body`; refusals come back as the `share`
 * error). Only the page's `errors` are reloaded, so the feed around the card
 * stays as it is.
 */
export function ShareDialog({
  post,
  open,
  onOpenChange,
  onShared,
}: {
  post: FeedPost
  open: boolean
  onOpenChange: (open: boolean) => void
  onShared: (shared: SharedCount | null) => void
}) {
  const form = useForm({ body: '' })
  const target = post.isShare && post.original ? post.original : post
  const submit = () => {
    form.post(route('posts.share', { id: target.id }), {
      preserveScroll: true,
      preserveState: true,
      only: ['errors'],
      errorBag: 'share',
      // The server's flash says whether the share is live or waits for review.
      onSuccess: (page) => {
        onShared((page.flash as { shared?: SharedCount } | undefined)?.shared ?? null)
        onOpenChange(false)
      },
    })
  }
  const errors = form.errors as Record<string, string | undefined>
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this post</DialogTitle>
          <DialogDescription>
            It appears in the feed with your comment; its author is notified.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Field label="Comment (optional)" error={errors.body ?? errors.share}>
            {(props) => (
              <Textarea
                {...props}
                value={form.data.body}
                maxLength={5000}
                onChange={(event) => form.setData('body', event.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.processing}>
              Share
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
