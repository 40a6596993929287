import { useState } from 'react'
import { InfiniteScroll } from '@inertiajs/react'
import { useLoadFailure } from '~/hooks/use_load_failure'
import { MessageCircle } from 'lucide-react'
import { CommentForm } from '~/components/posts/comment_form'
import { CommentItem } from '~/components/posts/comment_item'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import type { Data } from '~data'

/**
 * A post's comments on its page (Homepage/PostDetail), oldest first. The
 * server sends the first page as the scroll prop `comments`
 * (app/queries/feeds/post_comments.ts → commentsScrollProp); "Show more
 * comments" loads the next page by an Inertia partial reload of that prop
 * only (no JSON). New comments are written with CommentForm and appear at
 * once; deleted ones disappear; the count goes to `onCountChange`.
 */
export function CommentList({
  postId,
  comments,
  canComment,
  onCountChange,
  propName = 'comments',
}: {
  postId: number
  comments: { data: Data.Comment[] }
  canComment: boolean
  onCountChange?: (count: number) => void
  propName?: string
}) {
  const [added, setAdded] = useState<Data.Comment[]>([])
  const [removed, setRemoved] = useState<Set<number>>(() => new Set())
  const load = useLoadFailure()
  const failed = load.failed

  const seen = new Set<number>()
  const shown = [...comments.data, ...added].filter((comment) => {
    if (removed.has(comment.id) || seen.has(comment.id)) return false
    seen.add(comment.id)
    return true
  })

  const onDeleted = (comment: Data.Comment, count: number) => {
    setRemoved((current) => new Set(current).add(comment.id))
    onCountChange?.(count)
  }

  return (
    <section aria-labelledby={`comments-${postId}`} className="grid gap-4" id="comments">
      <h2 id={`comments-${postId}`} className="text-base font-semibold">
        Comments
      </h2>
      <InfiniteScroll
        data={propName}
        manual
        onlyNext
        preserveUrl
        params={load.params}
        loading={() => (
          <div className="grid gap-3 pt-3" role="status" aria-label="Loading comments">
            {[0, 1].map((i) => (
              <div key={i} className="flex gap-2.5">
                <Skeleton className="size-7 rounded-full" />
                <Skeleton className="h-12 flex-1 rounded-2xl" />
              </div>
            ))}
          </div>
        )}
        next={({ hasMore, fetch, loading }) =>
          hasMore && !loading ? (
            <div className="flex items-center gap-3 pt-3">
              <Button variant="outline" size="sm" onClick={() => fetch()}>
                {failed ? 'Retry' : 'Show more comments'}
              </Button>
              {failed && (
                <span role="alert" className="text-sm text-destructive">
                  Could not load more comments.
                </span>
              )}
            </div>
          ) : null
        }
      >
        {shown.length > 0 ? (
          <ul className="grid gap-3">
            {shown.map((comment) => (
              <CommentItem key={comment.id} comment={comment} onDeleted={onDeleted} />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MessageCircle className="size-4" aria-hidden /> No comments yet.
            {canComment ? ' Be the first to comment.' : ''}
          </p>
        )}
      </InfiniteScroll>
      {canComment && (
        <CommentForm
          postId={postId}
          onCreated={(comment, count) => {
            setAdded((current) => [...current, comment])
            onCountChange?.(count)
          }}
        />
      )}
    </section>
  )
}
