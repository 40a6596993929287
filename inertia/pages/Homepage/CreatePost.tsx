import { PostForm, type ComposerSettings } from '~/components/composer/post_form'
import { PageTitle } from '~/components/shell/page_title'
import { Card, CardContent } from '~/components/ui/card'
import { route } from '~/lib/route'

/**
 * Homepage/CreatePost: the composer. Team posts by members and admins are
 * published at once; public posts by non-admins wait for an admin (the
 * audience options say which).
 */
export default function CreatePostPage({ composer }: { composer: ComposerSettings }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageTitle title="New post" />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New post</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Write an update, attach photos, videos or PDFs, and tag the people it concerns.
        </p>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <PostForm settings={composer} cancelHref={route('home')} />
        </CardContent>
      </Card>
    </div>
  )
}
