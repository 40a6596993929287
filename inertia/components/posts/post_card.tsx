import { useState } from 'react'
import { Link, router } from '@inertiajs/react'
import {
  Flag,
  Globe,
  Megaphone,
  MessageCircle,
  MoreHorizontal,
  Pencil,
  Repeat2,
  Trash2,
  Users,
} from 'lucide-react'
import { toast } from 'sonner'
import { AuthorAvatar, UnknownAuthor } from '~/components/posts/author_avatar'
import { CommentForm } from '~/components/posts/comment_form'
import { CommentItem } from '~/components/posts/comment_item'
import { LikeButton } from '~/components/posts/like_button'
import { LikedByDialog } from '~/components/posts/liked_by_dialog'
import { MediaGrid } from '~/components/posts/media_grid'
import { PostBody } from '~/components/posts/post_body'
import { RelativeTime } from '~/components/posts/relative_time'
import { ShareDialog } from '~/components/posts/share_dialog'
import { ReportDialog } from '~/components/people/report_dialog'
import type {
  FeedPost,
  OriginalPost,
  PostAuthor,
  PostComment,
  PostMedia,
} from '~/components/posts/types'
import { Badge } from '~/components/ui/badge'
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown_menu'
import { useLikeToggle } from '~/hooks/use_like_toggle'
import { useLivePostCounts } from '~/components/live/use_live_post_counts'
import { hasRoute, route } from '~/lib/route'
import { cn } from '~/lib/utils'

export type OpenMedia = (media: PostMedia[], index: number) => void

/**
 * A post in a feed or on its page (PRODUCT §3–5): author, relative time
 * (full timestamp on hover/focus), audience, status badge, body, media
 * grid, the shared original, and like / comment / share with counts.
 *
 * Liking and commenting update this card only (optimistic, rolled back on
 * error); the list around it never reloads. Everything the viewer may do
 * comes from `post.can`, decided on the server.
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
  post: FeedPost
  /** `feed`: long bodies fold, comment opens a quick form. `detail`: full body. */
  variant?: 'feed' | 'detail'
  /** Published / Pending / Rejected badge (My posts). Non-published posts always show theirs. */
  showStatus?: boolean
  onOpenMedia?: OpenMedia
  /** Replaces the built-in share dialog. */
  onShare?: (post: FeedPost) => void
  /** After a successful delete from the menu (the card hides itself anyway). */
  onDeleted?: (post: FeedPost) => void
  onCommentsCountChange?: (count: number) => void
  headingLevel?: 2 | 3
}) {
  const like = useLikeToggle(route('posts.like', { id: post.id }), {
    liked: post.liked,
    count: post.counts.likes,
  })
  const [commentsCount, setCommentsCount] = useState(post.counts.comments)
  const [sharesCount, setSharesCount] = useState(post.counts.shares)
  const [canShare, setCanShare] = useState(post.can.share)
  const [commenting, setCommenting] = useState(false)
  const [myComments, setMyComments] = useState<PostComment[]>([])
  const [likedByOpen, setLikedByOpen] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [hidden, setHidden] = useState(false)
  const [reporting, setReporting] = useState(false)
  // Counts changed by others arrive live while the card is on screen.
  const liveRef = useLivePostCounts(post.id, (counts) => {
    like.sync(counts.likes)
    setCommentsCount(counts.comments)
    onCommentsCountChange?.(counts.comments)
    setSharesCount(counts.shares)
  })

  if (hidden) return null

  const detailUrl = hasRoute('posts.show') ? route('posts.show', { id: post.id }) : null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const labelId = `post-${post.id}-author`
  const shareBuiltIn = !onShare && hasRoute('posts.share')
  const showShare = canShare && (!!onShare || shareBuiltIn)
  const editable = post.can.edit && hasRoute('posts.edit')
  const deletable = post.can.delete && hasRoute('posts.destroy')
  // Anyone may report someone else's post (the server checks the rest).
  const reportable = !editable && !deletable && !!post.author && hasRoute('reports.store')

  const setCount = (count: number) => {
    setCommentsCount(count)
    onCommentsCountChange?.(count)
  }

  const destroy = () => {
    router.delete(route('posts.destroy', { id: post.id }), {
      preserveScroll: true,
      preserveState: true,
      only: ['errors'],
      onSuccess: () => {
        setConfirmDelete(false)
        setHidden(true)
        onDeleted?.(post)
      },
      onError: () => toast.error('The post could not be deleted.'),
    })
  }

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
        {(editable || deletable || reportable) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2 size-8"
                aria-label="Post actions"
              >
                <MoreHorizontal className="size-4" aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {editable && (
                <DropdownMenuItem asChild>
                  <Link href={route('posts.edit', { id: post.id })}>
                    <Pencil className="size-4" aria-hidden /> Edit
                  </Link>
                </DropdownMenuItem>
              )}
              {deletable && (
                <DropdownMenuItem
                  onSelect={() => setConfirmDelete(true)}
                  className="text-destructive focus:text-destructive"
                >
                  <Trash2 className="size-4" aria-hidden /> Delete
                </DropdownMenuItem>
              )}
              {reportable && (
                <DropdownMenuItem onSelect={() => setReporting(true)}>
                  <Flag className="size-4" aria-hidden /> Report post
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>

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

      <div className="mt-3 flex items-center justify-between gap-2 px-4 text-xs text-muted-foreground">
        {like.count > 0 ? (
          <button
            type="button"
            className="hover:underline"
            onClick={() => setLikedByOpen(true)}
            disabled={!hasRoute('posts.likes')}
          >
            {like.count} {like.count === 1 ? 'like' : 'likes'}
          </button>
        ) : (
          <span />
        )}
        <span className="flex gap-3">
          {commentsCount > 0 &&
            (detailUrl ? (
              <Link href={`${detailUrl}#comments`} className="hover:underline">
                {commentsCount} {commentsCount === 1 ? 'comment' : 'comments'}
              </Link>
            ) : (
              <span>
                {commentsCount} {commentsCount === 1 ? 'comment' : 'comments'}
              </span>
            ))}
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
        {showShare && (
          <ActionButton
            icon={Repeat2}
            label="Share"
            onClick={() => (onShare ? onShare(post) : setSharing(true))}
          />
        )}
      </div>

      {variant === 'feed' && (commenting || myComments.length > 0) && (
        <div className="grid gap-3 border-t px-4 py-3">
          {myComments.length > 0 && (
            <ul className="grid gap-3" aria-label="Your new comments">
              {myComments.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  onDeleted={(deleted, count) => {
                    setMyComments((list) => list.filter((c) => c.id !== deleted.id))
                    setCount(count)
                  }}
                />
              ))}
            </ul>
          )}
          {commenting && (
            <CommentForm
              postId={post.id}
              autoFocus
              onCreated={(comment, count) => {
                setMyComments((list) => [...list, comment])
                setCount(count)
              }}
            />
          )}
          {detailUrl && commentsCount > myComments.length && (
            <Link
              href={`${detailUrl}#comments`}
              className="text-sm font-medium text-primary hover:underline"
            >
              View all {commentsCount} comments
            </Link>
          )}
        </div>
      )}

      {reportable && (
        <ReportDialog
          subject={{ type: 'post', id: post.id, label: 'this post' }}
          open={reporting}
          onOpenChange={setReporting}
        />
      )}
      {likedByOpen && <LikedByDialog postId={post.id} onOpenChange={setLikedByOpen} />}
      {shareBuiltIn && sharing && (
        <ShareDialog
          post={post}
          open={sharing}
          onOpenChange={setSharing}
          onShared={(shared) => {
            setCanShare(false)
            if (shared?.postId === post.id) setSharesCount(shared.shares)
          }}
        />
      )}
      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Delete this post?</DialogTitle>
            <DialogDescription>
              Its comments, likes and attachments go with it. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={destroy}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </article>
  )
}

/** The author's avatar, linking to their profile (the name next to it is the focusable link). */
function AuthorLink({ author }: { author: PostAuthor }) {
  if (!hasRoute('profiles.show')) return <AuthorAvatar author={author} />
  return (
    <Link href={route('profiles.show', author)} tabIndex={-1} aria-hidden className="shrink-0">
      <AuthorAvatar author={author} />
    </Link>
  )
}

function AuthorName({ author }: { author: PostAuthor }) {
  const content = (
    <>
      <span className="font-semibold">{author.fullName}</span>
      <span className="font-normal text-muted-foreground">@{author.username}</span>
    </>
  )
  if (!hasRoute('profiles.show')) return <span className="inline-flex gap-1.5">{content}</span>
  return (
    <Link href={route('profiles.show', author)} className="inline-flex gap-1.5 hover:underline">
      {content}
    </Link>
  )
}

function AudienceLabel({ audience }: { audience: 'team' | 'public' }) {
  const Icon = audience === 'team' ? Users : Globe
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5" aria-hidden />
      {audience === 'team' ? 'Team' : 'Public'}
    </span>
  )
}

export function StatusBadge({ status }: { status: FeedPost['status'] }) {
  if (status === 'published') return <Badge variant="success">Published</Badge>
  if (status === 'pending') return <Badge variant="warning">Pending review</Badge>
  return <Badge variant="destructive">Rejected</Badge>
}

function ActionButton({
  icon: Icon,
  label,
  onClick,
  pressed,
}: {
  icon: typeof MessageCircle
  label: string
  onClick: () => void
  pressed?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
        pressed && 'text-foreground'
      )}
    >
      <Icon className="size-4.5" aria-hidden />
      {label}
    </button>
  )
}

/** The original of a share, embedded; or a notice when it is gone. */
function SharedOriginal({
  original,
  onOpenMedia,
}: {
  original: OriginalPost | null
  onOpenMedia?: OpenMedia
}) {
  if (!original) {
    return (
      <p className="rounded-lg border border-dashed px-3 py-4 text-sm text-muted-foreground">
        The original post is no longer available.
      </p>
    )
  }
  const url = hasRoute('posts.show') ? route('posts.show', { id: original.id }) : null
  return (
    <div
      className="grid gap-2 rounded-lg border bg-background/40 p-3"
      data-testid="shared-original"
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        {original.author && <AuthorAvatar author={original.author} size="sm" />}
        {original.author && hasRoute('profiles.show') ? (
          <Link
            href={route('profiles.show', original.author)}
            className="font-semibold text-foreground hover:underline"
          >
            {original.author.fullName}
          </Link>
        ) : (
          <span className="font-semibold text-foreground">
            {original.author?.fullName ?? 'A former member'}
          </span>
        )}
        <span aria-hidden>·</span>
        <RelativeTime
          iso={original.publishedAt ?? original.createdAt}
          href={url}
          className="hover:underline"
        />
      </div>
      <PostBody html={original.bodyHtml} clamp />
      <MediaGrid
        media={original.media}
        onOpen={onOpenMedia ? (i, items) => onOpenMedia(items, i) : undefined}
      />
    </div>
  )
}
