import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Info } from 'lucide-react'
import { PostForm, type ComposerSettings } from '~/components/composer/post_form'
import { PageTitle } from '~/components/shell/page_title'
import { Card, CardContent } from '~/components/ui/card'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Posts/Form: an admin writes a post (optionally an announcement: every
 * member is notified) or edits anyone's post with the same composer as the
 * member pages (rich text, audience, attachments). Editing someone else's
 * post keeps what moderation decided; their audiences stay theirs.
 */
export default function PostsFormPage({
  post,
  composer,
  canAnnounce,
}: {
  post: Data.PostForm.Variants['forAdmin'] | null
  composer: ComposerSettings
  canAnnounce: boolean
}) {
  const title = post ? `Edit post by ${post.author.fullName}` : 'New post'
  const cancelHref = post ? route('admin.posts.show', { id: post.id }) : route('admin.posts.index')
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageTitle title={title} />
      <div className="grid gap-1">
        <Link
          href={post ? route('admin.moderation.posts') : route('admin.posts.index')}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> {post ? 'Team posts' : 'Admin posts'}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">
          {post
            ? 'Change the text, who can see it, tags and attachments.'
            : 'Your post is published at once. Mark it as an announcement to notify every member.'}
        </p>
      </div>
      {post && post.status !== 'published' && (
        <p className="flex items-start gap-2 rounded-md border bg-muted/60 p-3 text-sm" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            {post.status === 'pending'
              ? 'This post waits for review. Editing it does not approve it: use the moderation queue for that.'
              : `This post was rejected${post.rejectionReason ? `: “${post.rejectionReason}”` : ''}. Saving sends it for review again, as an edit by its author would.`}
          </span>
        </p>
      )}
      {post?.isShare ? (
        <p className="rounded-md border bg-muted/60 p-3 text-sm" role="note">
          This is a share: only its author can change the comment.{' '}
          <Link href={cancelHref} className="font-medium text-primary hover:underline">
            Back to the post
          </Link>
        </p>
      ) : (
        <Card>
          <CardContent className="p-4 sm:p-6">
            <PostForm
              settings={composer}
              post={post ?? undefined}
              cancelHref={cancelHref}
              action={
                post ? route('admin.posts.update', { id: post.id }) : route('admin.posts.store')
              }
              announcement={canAnnounce ? (post?.announced ?? false) : undefined}
            />
          </CardContent>
        </Card>
      )}
    </div>
  )
}
