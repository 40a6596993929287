import { lazy, Suspense, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Megaphone, MessageCircle, Repeat2 } from 'lucide-react'
import { UnknownAuthor } from '~/components/posts/author_avatar'
import { LikeButton } from '~/components/posts/like_button'
import { MediaGrid } from '~/components/posts/media_grid'
import { PostBody } from '~/components/posts/post_body'
import {
  ActionButton,
  AudienceLabel,
  AuthorLink,
  AuthorName,
  SharedOriginal,
  StatusBadge,
  type OpenMedia,
} from '~/components/posts/post_card_parts'
import { PostMenu } from '~/components/posts/post_menu'
import { RelativeTime } from '~/components/posts/relative_time'
import { Badge } from '~/components/ui/badge'
import { usePostCard } from '~/hooks/use_post_card'
import { route } from '~/lib/route'
import type { Data } from '~data'

// What a card shows only after a click (the comment form, the dialogs) is
// fetched then: not part of the feed's first load (issue 18 §4).
const CommentForm = lazy(() =>
  import('~/components/posts/comment_form').then((m) => ({ default: m.CommentForm }))
)
const CommentItem = lazy(() =>
  import('~/components/posts/comment_item').then((m) => ({ default: m.CommentItem }))
)
const LikedByDialog = lazy(() =>
  import('~/components/posts/liked_by_dialog').then((m) => ({ default: m.LikedByDialog }))
)
const ShareDialog = lazy(() =>
  import('~/components/posts/share_dialog').then((m) => ({ default: m.ShareDialog }))
)

type Variant = 'feed' | 'detail'

/**
 * A post in a feed or on its page (PRODUCT §3–5): author, relative time
 * (full timestamp on hover/focus), audience, status badge, body, media
 * grid, the shared original, and like / comment / share with counts.
 *
 * Liking and commenting update this card only (optimistic, rolled back on
 * error); the list around it never reloads. Everything the viewer may do
 * comes from `post.can`, decided on the server. The state lives in
 * `usePostCard` (hooks/use_post_card.ts), the menu in post_menu.tsx.
 */
export function PostCard({
  post,
  variant = 'feed',
  showStatus = false,
  onOpenMedia,
  onShare,
  onDeleted,
  onCommentsCountChange,
  headingLevel = 2,
}: {
  post: Data.Post
  /** `feed`: long bodies fold, comment opens a quick form. `detail`: full body. */
  variant?: Variant
  /** Published / Pending / Rejected badge (My posts). Non-published posts always show theirs. */
  showStatus?: boolean
  onOpenMedia?: OpenMedia
  /** Replaces the built-in share dialog. */
  onShare?: (post: Data.Post) => void
  /** After a successful delete from the menu (the card hides itself anyway). */
  onDeleted?: (post: Data.Post) => void
  onCommentsCountChange?: (count: number) => void
  headingLevel?: 2 | 3
}) {
  const {
    like,
    liveRef,
    commentsCount,
    setComments,
    sharesCount,
    canShare,
    shared,
    hidden,
    destroy,
  } = usePostCard(post, { onDeleted, onCommentsCountChange })
  const [commenting, setCommenting] = useState(false)
  const [likedByOpen, setLikedByOpen] = useState(false)
  const [sharing, setSharing] = useState(false)

  if (hidden) return null

  const detailUrl = route('posts.show', { id: post.id })
  const labelId = `post-${post.id}-author`

  return (
    <article
      ref={liveRef}
      aria-labelledby={labelId}
      className="rounded-xl border bg-card text-card-foreground shadow-sm"
      data-testid="post-card"
      data-post-id={post.id}
    >
      <div className="flex items-start gap-3 p-4 pb-0">
        {post.author ? <AuthorLink author={post.author} /> : <span className="size-9" />}
        <PostByline
          post={post}
          labelId={labelId}
          detailUrl={detailUrl}
          headingLevel={headingLevel}
          showStatus={showStatus}
        />
        <PostMenu post={post} onDelete={destroy} />
      </div>

      <PostContent post={post} variant={variant} onOpenMedia={onOpenMedia} />

      <div className="mt-3 flex items-center justify-between gap-2 px-4 text-xs text-muted-foreground">
        {like.count > 0 ? (
          <button type="button" className="hover:underline" onClick={() => setLikedByOpen(true)}>
            {like.count} {like.count === 1 ? 'like' : 'likes'}
          </button>
        ) : (
          <span />
        )}
        <span className="flex gap-3">
          {commentsCount > 0 && (
            <Link href={`${detailUrl}#comments`} className="hover:underline">
              {commentsCount} {commentsCount === 1 ? 'comment' : 'comments'}
            </Link>
          )}
          {sharesCount > 0 && (
            <span>
              {sharesCount} {sharesCount === 1 ? 'share' : 'shares'}
            </span>
          )}
        </span>
      </div>

      <div className="mx-4 mt-2 flex items-center gap-1 border-t py-1.5">
        {post.can.like ? <LikeButton liked={like.liked} count={0} onToggle={like.toggle} /> : null}
        {post.can.comment && variant === 'feed' && (
          <ActionButton
            icon={MessageCircle}
            label="Comment"
            pressed={commenting}
            onClick={() => setCommenting((value) => !value)}
          />
        )}
        {canShare && (
          <ActionButton
            icon={Repeat2}
            label="Share"
            onClick={() => (onShare ? onShare(post) : setSharing(true))}
          />
        )}
      </div>

      {variant === 'feed' && (
        <QuickComments
          postId={post.id}
          detailUrl={detailUrl}
          commenting={commenting}
          commentsCount={commentsCount}
          onCount={setComments}
        />
      )}

      <Suspense fallback={null}>
        {likedByOpen && <LikedByDialog postId={post.id} onOpenChange={setLikedByOpen} />}
        {!onShare && sharing && (
          <ShareDialog post={post} open={sharing} onOpenChange={setSharing} onShared={shared} />
        )}
      </Suspense>
    </article>
  )
}

/** Name (the card's label), "shared a post", time, audience, announcement, edited, status. */
function PostByline({
  post,
  labelId,
  detailUrl,
  headingLevel,
  showStatus,
}: {
  post: Data.Post
  labelId: string
  detailUrl: string
  headingLevel: 2 | 3
  showStatus: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="min-w-0 flex-1">
      <Heading id={labelId} className="flex flex-wrap items-center gap-x-1.5 text-sm">
        {post.author ? <AuthorName author={post.author} /> : <UnknownAuthor />}
        {post.isShare && (
          <span className="inline-flex items-center gap-1 font-normal text-muted-foreground">
            <Repeat2 className="size-3.5" aria-hidden /> shared a post
          </span>
        )}
      </Heading>
      <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
        <RelativeTime
          iso={post.publishedAt ?? post.createdAt}
          href={detailUrl}
          className="hover:underline"
        />
        <span aria-hidden>·</span>
        <AudienceLabel audience={post.audience} />
        {post.announced && (
          <Badge variant="secondary" className="ml-1">
            <Megaphone className="size-3" aria-hidden /> Announcement
          </Badge>
        )}
        {post.edited && (
          <>
            <span aria-hidden>·</span>
            <span>edited</span>
          </>
        )}
        {(showStatus || post.status !== 'published') && <StatusBadge status={post.status} />}
      </div>
    </div>
  )
}

/** The rejection reason (My posts), the body, the media and a share's original. */
function PostContent({
  post,
  variant,
  onOpenMedia,
}: {
  post: Data.Post
  variant: Variant
  onOpenMedia?: OpenMedia
}) {
  return (
    <div className="grid gap-3 px-4 pt-3">
      {variant === 'feed' && post.status === 'rejected' && post.rejectionReason && (
        <p
          className="rounded-md bg-destructive/10 px-3 py-2 text-sm"
          data-testid="rejection-reason"
        >
          <span className="font-medium">Not published.</span> Reason: “{post.rejectionReason}”
        </p>
      )}
      <PostBody html={post.bodyHtml} clamp={variant === 'feed'} />
      <MediaGrid
        media={post.media}
        onOpen={onOpenMedia ? (i, items) => onOpenMedia(items, i) : undefined}
      />
      {post.isShare && <SharedOriginal original={post.original} onOpenMedia={onOpenMedia} />}
    </div>
  )
}

/** A feed card's quick comment form and the viewer's comments made with it. */
function QuickComments({
  postId,
  detailUrl,
  commenting,
  commentsCount,
  onCount,
}: {
  postId: number
  detailUrl: string
  commenting: boolean
  commentsCount: number
  onCount: (count: number) => void
}) {
  const [myComments, setMyComments] = useState<Data.Comment[]>([])
  if (!commenting && myComments.length === 0) return null
  return (
    <div className="grid gap-3 border-t px-4 py-3">
      {myComments.length > 0 && (
        <ul className="grid gap-3" aria-label="Your new comments">
          <Suspense fallback={null}>
            {myComments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                onDeleted={(deleted, count) => {
                  setMyComments((list) => list.filter((c) => c.id !== deleted.id))
                  onCount(count)
                }}
              />
            ))}
          </Suspense>
        </ul>
      )}
      {commenting && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
          <CommentForm
            postId={postId}
            autoFocus
            onCreated={(comment, count) => {
              setMyComments((list) => [...list, comment])
              onCount(count)
            }}
          />
        </Suspense>
      )}
      {commentsCount > myComments.length && (
        <Link
          href={`${detailUrl}#comments`}
          className="text-sm font-medium text-primary hover:underline"
        >
          View all {commentsCount} comments
        </Link>
      )}
    </div>
  )
}
