import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Clock, XCircle } from 'lucide-react'
import { CommentList } from '~/components/posts/comment_list'
import { PostCard } from '~/components/posts/post_card'
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { PageTitle } from '~/components/shell/page_title'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Homepage/PostDetail: one post at its shareable URL, in full, with the
 * media viewer (grid → lightbox with zoom and pan; videos inline; PDFs open
 * or download) and its comments. The author sees why a post is not public
 * yet (pending review, or rejected with the admin's reason).
 */
export default function PostDetailPage({
  post,
  comments,
}: {
  post: Data.Post.Variants['forDetail']
  comments: { data: Data.Comment[] }
}) {
  const media = useMediaViewer()
  const name = post.author?.fullName ?? 'a former member'
  return (
    <div className="mx-auto grid max-w-2xl gap-5">
      <PageTitle title={`Post by ${name}`} />
      <div className="grid gap-1">
        <Link
          route="home"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to the feed
        </Link>
        <h1 className="text-xl font-semibold tracking-tight">Post by {name}</h1>
      </div>
      <StatusNotice post={post} />
      <PostCard
        post={post}
        variant="detail"
        onOpenMedia={media.open}
        onDeleted={() => router.visit(route('home'))}
      />
      <CommentList postId={post.id} comments={comments} canComment={post.can.comment} />
      {media.viewer}
    </div>
  )
}

function StatusNotice({ post }: { post: Data.Post.Variants['forDetail'] }) {
  if (post.status === 'pending') {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Pending review.</strong> An admin approves public posts
          before others can see them. Until then only you and the admins see this post.
        </span>
      </p>
    )
  }
  if (post.status === 'rejected') {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
      >
        <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <span>
          <strong className="font-semibold">Not published.</strong>{' '}
          {post.rejectionReason
            ? `An admin gave this reason: “${post.rejectionReason}”.`
            : 'An admin did not approve this post.'}{' '}
          {post.can.edit && 'Edit it to send it for review again.'}
        </span>
      </p>
    )
  }
  return null
}
