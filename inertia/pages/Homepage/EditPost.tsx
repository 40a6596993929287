import { Info } from 'lucide-react'
import { PostForm, type ComposerSettings } from '~/components/composer/post_form'
import { ShareCommentForm } from '~/components/composer/share_comment_form'
import { PageTitle } from '~/components/shell/page_title'
import { Card, CardContent } from '~/components/ui/card'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Homepage/EditPost: the author edits text, audience, tags and files (any of
 * them may be emptied, as long as text or a file remains). Saving runs the
 * moderation rule again. A share only has its comment to edit.
 */
export default function EditPostPage({
  post,
  composer,
}: {
  post: Data.PostForm
  composer: ComposerSettings
}) {
  const cancelHref = route('posts.show', { id: post.id })
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageTitle title={post.isShare ? 'Edit share' : 'Edit post'} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {post.isShare ? 'Edit your share' : 'Edit post'}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {post.isShare
            ? 'Change the comment you added when sharing.'
            : 'Change the text, who can see it, tags and attachments.'}
        </p>
      </div>
      <ModerationNote post={post} composer={composer} />
      <Card>
        <CardContent className="p-4 sm:p-6">
          {post.isShare ? (
            <ShareCommentForm
              postId={post.id}
              comment={post.bodyText}
              audience={post.audience}
              cancelHref={cancelHref}
            />
          ) : (
            <PostForm settings={composer} post={post} cancelHref={cancelHref} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function ModerationNote({ post, composer }: { post: Data.PostForm; composer: ComposerSettings }) {
  const reviewed = composer.audiences.some((option) => option.reviewed)
  let text: string | null = null
  if (post.status === 'rejected') {
    text = `An admin did not publish this post${post.rejectionReason ? `: “${post.rejectionReason}”` : '.'} Saving your changes sends it for review again.`
  } else if (post.status === 'pending') {
    text = 'This post is waiting for an admin’s review. Only you and the admins can see it.'
  } else if (reviewed && !post.isShare && post.audience === 'public') {
    text =
      'Public posts are reviewed again after every change: the post stays hidden until an admin approves it.'
  }
  if (!text) return null
  return (
    <p className="flex items-start gap-2 rounded-md border bg-muted/60 p-3 text-sm" role="note">
      <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>{text}</span>
    </p>
  )
}
