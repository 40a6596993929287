import { router, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, ImageIcon, Trash2 } from 'lucide-react'
import { ProfileImagePicker } from '~/components/people/profile_image_dialog'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * Profile/Cover: the cover editor. Shows the current cover at its 3:1
 * shape; a new image opens the 3:1 crop dialog and is uploaded with the
 * chosen area; the cover can be removed.
 */
export default function CoverPage({
  coverUrl,
  rules,
}: {
  coverUrl: string | null
  rules: { aspect: number; minWidth: number; minHeight: number; maxFileMb: number; accept: string }
}) {
  const user = usePage<Data.SharedProps>().props.auth.user!
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageTitle title="Cover image" />
      <div className="grid gap-1">
        <Link
          route="profiles.show"
          routeParams={user}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to your profile
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Cover image</h1>
        <p className="text-sm text-muted-foreground">
          The wide image at the top of your profile, three times as wide as it is high (shown at
          1500 × 500 pixels). JPEG, PNG, GIF or WebP up to {rules.maxFileMb} MB; at least{' '}
          {rules.minWidth} × {rules.minHeight} pixels.
        </p>
      </div>
      <div
        className="aspect-[3/1] overflow-hidden rounded-xl border bg-gradient-to-br from-primary/30 via-muted to-accent"
        data-testid="cover-preview"
      >
        {coverUrl ? (
          <img src={coverUrl} alt="Your current cover" className="size-full object-cover" />
        ) : (
          <div className="grid size-full place-items-center text-sm text-muted-foreground">
            No cover image yet
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <ProfileImagePicker
          kind="cover"
          accept={rules.accept}
          maxFileMb={rules.maxFileMb}
          variant="default"
        >
          <ImageIcon className="size-4" aria-hidden />{' '}
          {coverUrl ? 'Choose a new image' : 'Choose an image'}
        </ProfileImagePicker>
        {coverUrl && (
          <Button
            variant="outline"
            onClick={() => router.delete(route('profile.cover.destroy'), { preserveScroll: true })}
          >
            <Trash2 className="size-4" aria-hidden /> Remove cover
          </Button>
        )}
      </div>
    </div>
  )
}
