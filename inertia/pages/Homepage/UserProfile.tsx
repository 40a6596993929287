import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import {
  Ban,
  Camera,
  Flag,
  ImageIcon,
  MessageCircle,
  Newspaper,
  Pencil,
  ShieldOff,
  Trash2,
} from 'lucide-react'
import { FeedList } from '~/components/posts/feed_list'
import { ReportDialog } from '~/components/people/report_dialog'
import { ProfileImagePicker } from '~/components/people/profile_image_dialog'
import { Avatar } from '~/components/shell/avatar'
import { OnlineDot, useOnlineIds } from '~/components/live/online'
import { EmptyState } from '~/components/shell/empty_state'
import { PageTitle } from '~/components/shell/page_title'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/admin/confirm_dialog'
import { route } from '~/lib/route'
import type { Data } from '~data'

type ImageRules = {
  aspect: number
  minWidth: number
  minHeight: number
  maxFileMb: number
  accept: string
}

/**
 * Homepage/UserProfile (PRODUCT §8): cover, avatar, name, bio, stats and
 * the person's posts (infinite scroll). Others: Message, Block / Unblock,
 * Report. Own profile: Edit profile, Change avatar (circle crop), Edit
 * cover. Someone I blocked: the header with Unblock, no posts.
 */
export default function UserProfilePage({
  profile,
  relation,
  profileCan: can,
  avatarRules,
  posts,
}: {
  profile: Data.Profile
  relation: { self: boolean; blocked: boolean; inactive: boolean }
  /** What the viewer may do with this profile (not the shared `can`: see docs/architecture.md). */
  profileCan: { message: boolean; block: boolean; report: boolean; edit: boolean }
  avatarRules: ImageRules | null
  posts: { data: Data.Post[] } | null
}) {
  const [reporting, setReporting] = useState(false)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const first = profile.fullName.split(/\s+/)[0]

  const block = () =>
    router.post(
      route('blocks.store', profile),
      {},
      { preserveScroll: true, onSuccess: () => setConfirmBlock(false) }
    )
  const unblock = () => router.delete(route('blocks.destroy', profile), { preserveScroll: true })

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageTitle title={profile.fullName} />
      <section
        aria-labelledby="profile-name"
        className="overflow-hidden rounded-xl border bg-card shadow-sm"
        data-testid="profile-header"
      >
        <div className="relative aspect-[3/1] bg-gradient-to-br from-primary/30 via-muted to-accent">
          {profile.coverUrl && (
            <img
              src={profile.coverUrl}
              alt=""
              className="size-full object-cover"
              data-testid="profile-cover"
            />
          )}
        </div>
        <div className="px-4 pb-4 sm:px-6">
          <div className="-mt-10 flex sm:-mt-14">
            <ProfileAvatar profile={profile} />
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 id="profile-name" className="text-2xl font-semibold tracking-tight">
                {profile.fullName}
              </h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                @{profile.username}
                {profile.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
                {profile.role === 'external' && <Badge variant="outline">External</Badge>}
                {relation.inactive && <Badge variant="warning">Account not active</Badge>}
              </p>
              {profile.bio && (
                <p className="mt-3 text-sm whitespace-pre-line" data-testid="profile-bio">
                  {profile.bio}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {relation.self ? (
                <OwnActions rules={avatarRules} hasAvatar={!!profile.avatarUrl} />
              ) : relation.blocked ? (
                <Button variant="outline" onClick={unblock}>
                  <ShieldOff className="size-4" aria-hidden /> Unblock
                </Button>
              ) : (
                <>
                  {can.message && (
                    <Button asChild>
                      <Link route="messages.show" routeParams={{ username: profile.username }}>
                        <MessageCircle className="size-4" aria-hidden /> Message
                      </Link>
                    </Button>
                  )}
                  {can.block && (
                    <Button variant="outline" onClick={() => setConfirmBlock(true)}>
                      <Ban className="size-4" aria-hidden /> Block
                    </Button>
                  )}
                </>
              )}
              {can.report && (
                <Button variant="ghost" onClick={() => setReporting(true)}>
                  <Flag className="size-4" aria-hidden /> Report
                </Button>
              )}
            </div>
          </div>
          {!relation.blocked && (
            <dl className="mt-4 grid grid-cols-3 gap-2 text-center" data-testid="profile-stats">
              <Stat label="Posts" value={profile.stats.posts} />
              <Stat label="Likes given" value={profile.stats.likesGiven} />
              <Stat label="Comments" value={profile.stats.comments} />
            </dl>
          )}
        </div>
      </section>

      {relation.blocked || !posts ? (
        <EmptyState icon={Ban} title={`You blocked ${first}`}>
          You don't see each other's posts, comments or messages. Unblock {first} to see them again.
        </EmptyState>
      ) : (
        <section aria-labelledby="profile-posts" className="grid gap-4">
          <h2 id="profile-posts" className="text-lg font-semibold">
            {relation.self ? 'Your posts' : `Posts by ${first}`}
          </h2>
          <FeedList
            posts={posts}
            showStatus={relation.self}
            endLabel={relation.self ? "That's all of your posts" : `That's all from ${first}`}
            empty={
              <EmptyState icon={Newspaper} title="No posts yet">
                {relation.self
                  ? 'What you post appears here.'
                  : `${first} has not posted anything you can see yet.`}
              </EmptyState>
            }
          />
        </section>
      )}

      {can.report && (
        <ReportDialog
          subject={{ type: 'user', id: profile.id, label: profile.fullName }}
          open={reporting}
          onOpenChange={setReporting}
        />
      )}
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={`Block ${profile.fullName}?`}
        description={
          <>
            You will no longer see each other's posts, comments or messages. {first} is not told.
            You can unblock at any time.
          </>
        }
        confirmLabel="Block"
        onConfirm={block}
      />
    </div>
  )
}

function ProfileAvatar({ profile }: { profile: Data.Profile }) {
  const online = useOnlineIds()
  return (
    <span className="relative rounded-full bg-card p-1 shadow-sm">
      {profile.avatarUrl ? (
        <img
          src={profile.avatarUrl}
          alt={profile.fullName}
          className="size-20 rounded-full object-cover sm:size-28"
          data-testid="profile-avatar"
        />
      ) : (
        <Avatar initials={profile.initials} name={profile.fullName} size="xl" />
      )}
      <OnlineDot online={online.has(profile.id)} size="lg" className="right-2 bottom-2" />
    </span>
  )
}

function OwnActions({ rules, hasAvatar }: { rules: ImageRules | null; hasAvatar: boolean }) {
  return (
    <>
      <Button asChild variant="outline">
        <Link route="profile.edit">
          <Pencil className="size-4" aria-hidden /> Edit profile
        </Link>
      </Button>
      {rules && (
        <ProfileImagePicker kind="avatar" accept={rules.accept} maxFileMb={rules.maxFileMb}>
          <Camera className="size-4" aria-hidden /> Change avatar
        </ProfileImagePicker>
      )}
      {hasAvatar && (
        <Button
          variant="ghost"
          onClick={() => router.delete(route('profile.avatar.destroy'), { preserveScroll: true })}
        >
          <Trash2 className="size-4" aria-hidden /> Remove avatar
        </Button>
      )}
      <Button asChild variant="outline">
        <Link route="profile.cover">
          <ImageIcon className="size-4" aria-hidden /> Edit cover
        </Link>
      </Button>
    </>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-muted/60 px-2 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString()}</dd>
    </div>
  )
}
