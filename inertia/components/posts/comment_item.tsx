import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Trash2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import { AuthorAvatar, UnknownAuthor } from '~/components/posts/author_avatar'
import { LikeButton } from '~/components/posts/like_button'
import { RelativeTime } from '~/components/posts/relative_time'
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
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { jsonRequest } from '~/hooks/json_request'
import { useLikeToggle } from '~/hooks/use_like_toggle'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** One comment: author, time, text, like toggle and (when allowed) delete. */
export function CommentItem({
  comment,
  onDeleted,
}: {
  comment: Data.Comment
  onDeleted: (comment: Data.Comment, commentsCount: number) => void
}) {
  const like = useLikeToggle(route('comments.like', { id: comment.id }), {
    liked: comment.liked,
    count: comment.likes,
  })
  const viewer = useMediaViewer()
  const media = comment.media ?? []
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const destroy = async () => {
    setDeleting(true)
    try {
      const reply = await jsonRequest<{ commentsCount: number }>(
        'delete',
        route('comments.destroy', { id: comment.id })
      )
      setConfirming(false)
      onDeleted(comment, reply.commentsCount)
      toast.success('Comment deleted.')
    } catch (error) {
      toast.error((error as Error).message)
    } finally {
      setDeleting(false)
    }
  }

  const author = comment.author
  return (
    <li id={`comment-${comment.id}`} className="flex scroll-mt-20 gap-2.5" data-testid="comment">
      {author ? <AuthorAvatar author={author} size="sm" /> : <span className="size-7" />}
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-muted px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {author ? (
              <Link
                route="profiles.show"
                routeParams={author}
                className="font-semibold hover:underline"
              >
                {author.fullName}
              </Link>
            ) : (
              <UnknownAuthor />
            )}
            <RelativeTime iso={comment.createdAt} className="text-xs text-muted-foreground" />
          </div>
          {comment.body && (
            <p className="mt-0.5 text-sm wrap-anywhere whitespace-pre-wrap">{comment.body}</p>
          )}
        </div>
        {media.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Images">
            {media.map((item, index) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => viewer.open(media, index)}
                  className="block overflow-hidden rounded-lg border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  aria-label={`Open image ${item.name}`}
                  data-testid="comment-image"
                >
                  <img
                    src={item.thumbUrl ?? item.displayUrl}
                    alt=""
                    loading="lazy"
                    className="size-20 object-cover sm:size-24"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {viewer.viewer}
        <div className="mt-0.5 flex items-center gap-1 pl-1">
          {comment.can.like && (
            <LikeButton
              size="sm"
              subject="comment"
              liked={like.liked}
              count={like.count}
              onToggle={like.toggle}
            />
          )}
          {comment.can.delete && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs text-muted-foreground hover:bg-muted hover:text-destructive"
            >
              <Trash2 className="size-3.5" aria-hidden /> Delete
            </button>
          )}
        </div>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Delete this comment?</DialogTitle>
            <DialogDescription>This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={destroy} disabled={deleting}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  )
}
