import { Form } from '@adonisjs/inertia/react'
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
import type { Data } from '~data'

/** What the server flashes after a share: the original's exact share count. */
export interface SharedCount {
  postId: number
  shares: number
}

/**
 * Share (repost) with an optional comment, through the posts feature's
 * `posts.share` route (POST, field `body`; refusals come back as the `share`
 * error). Only the page's `errors` are reloaded, so the feed around the card
 * stays as it is. An Inertia <Form>: the textarea is the `body` field.
 */
export function ShareDialog({
  post,
  open,
  onOpenChange,
  onShared,
}: {
  post: Data.Post
  open: boolean
  onOpenChange: (open: boolean) => void
  onShared: (shared: SharedCount | null) => void
}) {
  const target = post.isShare && post.original ? post.original : post
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this post</DialogTitle>
          <DialogDescription>
            It appears in the feed with your comment; its author is notified.
          </DialogDescription>
        </DialogHeader>
        <Form
          route="posts.share"
          routeParams={{ id: target.id }}
          className="grid gap-4"
          errorBag="share"
          options={{ preserveScroll: true, preserveState: true, only: ['errors'] }}
          // The server's flash says whether the share is live or waits for review.
          onSuccess={(page) => {
            onShared((page.flash as { shared?: SharedCount } | undefined)?.shared ?? null)
            onOpenChange(false)
          }}
        >
          {({ errors, processing }) => {
            const messages = errors as Record<string, string | undefined>
            return (
              <>
                <Field label="Comment (optional)" error={messages.body ?? messages.share}>
                  {(props) => <Textarea {...props} name="body" maxLength={5000} />}
                </Field>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline" type="button">
                      Cancel
                    </Button>
                  </DialogClose>
                  <Button type="submit" disabled={processing}>
                    Share
                  </Button>
                </DialogFooter>
              </>
            )
          }}
        </Form>
      </DialogContent>
    </Dialog>
  )
}
