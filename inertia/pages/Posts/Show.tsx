import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Megaphone, Pencil } from 'lucide-react'
import { DeletePostButton } from '~/components/admin/delete_post_button'
import { ModeratePostActions } from '~/components/admin/moderate_post_actions'
import { CommentList } from '~/components/posts/comment_list'
import { PostCard } from '~/components/posts/post_card'
import { useMediaViewer } from '~/hooks/use_media_viewer'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'
import type { Data } from '~data'

const STATUS_BADGE = {
  published: { label: 'Published', variant: 'success' },
  pending: { label: 'Pending review', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const

/**
 * Posts/Show: one post in the back office, in full, with its counts and
 * comments (admins may delete any comment), and links to edit or delete it.
 */
export default function PostsShowPage({
  post,
  comments,
}: {
  post: Data.Post.Variants['forDetail'] & { announced: boolean }
  comments: { data: Data.Comment[] }
}) {
  const media = useMediaViewer()
  const name = post.author?.fullName ?? 'a former member'
  const status = STATUS_BADGE[post.status]
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5">
      <PageTitle title={`Post by ${name}`} />
      <div className="grid gap-2">
        <Link
          route="admin.moderation.posts"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Team posts
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold tracking-tight">Post by {name}</h1>
          <div className="flex flex-wrap gap-2">
            {post.status === 'pending' && (
              <ModeratePostActions postId={post.id} authorName={name} />
            )}
            <Button variant="outline" size="sm" asChild>
              <Link route="admin.posts.edit" routeParams={{ id: post.id }}>
                <Pencil className="size-4" aria-hidden /> Edit
              </Link>
            </Button>
            <DeletePostButton postId={post.id} authorName={name} />
          </div>
        </div>
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <div className="flex items-center gap-1">
            <dt className="sr-only">Status</dt>
            <dd>
              <Badge variant={status.variant}>{status.label}</Badge>
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">Audience</dt>
            <dd>
              <Badge variant="outline">{post.audience === 'team' ? 'Team' : 'Public'}</Badge>
            </dd>
          </div>
          {post.announced && (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Kind</dt>
              <dd>
                <Badge variant="secondary">
                  <Megaphone className="size-3" aria-hidden /> Announcement
                </Badge>
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt>Likes</dt>
            <dd className="font-medium text-foreground" data-testid="count-likes">
              {post.counts.likes}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Comments</dt>
            <dd className="font-medium text-foreground" data-testid="count-comments">
              {post.counts.comments}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Shares</dt>
            <dd className="font-medium text-foreground" data-testid="count-shares">
              {post.counts.shares}
            </dd>
          </div>
        </dl>
        {post.status === 'rejected' && post.rejectionReason && (
          <p className="text-sm text-muted-foreground">Reason given: “{post.rejectionReason}”</p>
        )}
      </div>
      <PostCard
        post={post}
        variant="detail"
        onOpenMedia={media.open}
        onDeleted={() => router.visit(route('admin.moderation.posts'))}
      />
      <CommentList postId={post.id} comments={comments} canComment={post.can.comment} />
      {media.viewer}
    </div>
  )
}
