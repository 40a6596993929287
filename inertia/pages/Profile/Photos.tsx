import { useState } from 'react'
import { Form, Link } from '@adonisjs/inertia/react'
import { ChevronRight, ImageOff, RotateCcw, Trash2 } from 'lucide-react'
import type { Data } from '~data'
import { PageTitle } from '~/components/shell/page_title'
import { EmptyState } from '~/components/admin/empty_state'
import { RelativeTime } from '~/components/posts/relative_time'
import { Avatar } from '~/components/shell/avatar'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

type Kind = 'avatar' | 'cover'
type Props = {
  kind: Kind
  images: Data.Admin.ProfileImage[]
  nextCursor: string | null
  paged: boolean
}

const LABEL: Record<Kind, string> = { avatar: 'profile photo', cover: 'cover' }

function RemoveButton({ image, kind }: { image: Data.Admin.ProfileImage; kind: Kind }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Remove ${image.owner.fullName}'s ${LABEL[kind]}`}
        >
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <Form
          route="admin.photos.destroy"
          routeParams={{ id: image.owner.id, kind }}
          options={{ preserveScroll: true }}
          onSuccess={() => setOpen(false)}
          className="grid gap-4"
          noValidate
        >
          {({ errors, processing }) => (
            <>
              <DialogHeader>
                <DialogTitle>
                  Remove {image.owner.fullName}'s {LABEL[kind]}?
                </DialogTitle>
                <DialogDescription>
                  The image is deleted; they get a notification with your reason.
                </DialogDescription>
              </DialogHeader>
              <Field label="Reason (sent to them)" error={errors.reason}>
                {(field) => <Textarea {...field} name="reason" maxLength={500} rows={3} required />}
              </Field>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={processing}>
                  Remove
                </Button>
              </DialogFooter>
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  )
}

/**
 * Profile/Photos: the admin review of profile photos and covers (tabs),
 * most recent first; remove one that breaks the rules, with a reason sent
 * to its owner. (Profile/Cover is the member's own cover editor.)
 */
export default function PhotosReviewPage({ kind, images, nextCursor, paged }: Props) {
  const tabs: { value: Kind; label: string }[] = [
    { value: 'avatar', label: 'Profile photos' },
    { value: 'cover', label: 'Covers' },
  ]
  return (
    <div className="grid gap-6">
      <PageTitle title={kind === 'cover' ? 'Cover review' : 'Photo review'} />
      <header>
        <h1 className="text-2xl font-semibold">Profile photos and covers</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The images people use on their profiles, most recently changed first. Remove one that
          breaks the team's rules: its owner is told why.
        </p>
      </header>
      <nav aria-label="Image kind" className="flex gap-2">
        {tabs.map((tab) => (
          <Link
            key={tab.value}
            href={route(
              'admin.photos.index',
              undefined,
              tab.value === 'avatar' ? {} : { kind: tab.value }
            )}
            aria-current={kind === tab.value ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium',
              kind === tab.value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-card hover:bg-muted'
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      {images.length === 0 ? (
        <div className="rounded-xl border bg-card shadow-sm">
          <EmptyState icon={ImageOff} title="Nothing to review">
            {kind === 'cover' ? 'Nobody has a cover image.' : 'Nobody has a profile photo.'}
          </EmptyState>
        </div>
      ) : (
        <ul
          className={cn(
            'grid gap-4',
            kind === 'cover'
              ? 'sm:grid-cols-2 xl:grid-cols-3'
              : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6'
          )}
        >
          {images.map((image) => (
            <li
              key={image.owner.id}
              className="grid overflow-hidden rounded-xl border bg-card shadow-sm"
              data-testid="review-image"
            >
              {image.imageUrl ? (
                <img
                  src={image.imageUrl}
                  alt={`${image.owner.fullName}'s ${LABEL[kind]}`}
                  loading="lazy"
                  className={cn(
                    'w-full bg-muted object-cover',
                    kind === 'cover' ? 'aspect-[3/1]' : 'aspect-square'
                  )}
                />
              ) : (
                <div className="aspect-square bg-muted" />
              )}
              <div className="grid gap-2 p-3">
                <div className="flex min-w-0 items-center gap-2">
                  <Avatar
                    initials={image.owner.initials}
                    name={image.owner.fullName}
                    size="sm"
                    decorative
                  />
                  <Link
                    href={route('admin.users.show', { id: image.owner.id })}
                    className="min-w-0 truncate text-sm font-medium hover:underline"
                    title={image.owner.fullName}
                  >
                    {image.owner.fullName}
                  </Link>
                </div>
                <RelativeTime iso={image.changedAt} className="text-xs text-muted-foreground" />
                <RemoveButton image={image} kind={kind} />
              </div>
            </li>
          ))}
        </ul>
      )}

      {(paged || nextCursor) && (
        <nav aria-label="Pagination" className="flex justify-end gap-2">
          {paged && (
            <Link
              href={route('admin.photos.index', undefined, kind === 'cover' ? { kind } : {})}
              className="inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted"
            >
              <RotateCcw className="size-4" aria-hidden /> First page
            </Link>
          )}
          {nextCursor && (
            <Link
              href={route('admin.photos.index', undefined, { kind, cursor: nextCursor })}
              rel="next"
              className="inline-flex h-8 items-center gap-1 rounded-md border bg-card px-3 text-sm font-medium hover:bg-muted"
            >
              Next page <ChevronRight className="size-4" aria-hidden />
            </Link>
          )}
        </nav>
      )}
    </div>
  )
}
