import {
  AtSign,
  CheckCircle2,
  Flag,
  Heart,
  ImageOff,
  Megaphone,
  MessageCircle,
  Repeat2,
  UserPlus,
  XCircle,
  type LucideIcon,
} from 'lucide-react'
import { AuthorAvatar } from '~/components/posts/author_avatar'
import { relativeTime, fullTimestamp } from '~/components/posts/relative_time'
import { describeNotification } from '~/components/notifications/describe'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

const ICONS: Record<Data.Notification['kind'], { icon: LucideIcon; className: string }> = {
  post_liked: { icon: Heart, className: 'bg-rose-600' },
  comment_liked: { icon: Heart, className: 'bg-rose-600' },
  post_commented: { icon: MessageCircle, className: 'bg-sky-600' },
  post_mentioned: { icon: AtSign, className: 'bg-violet-600' },
  post_shared: { icon: Repeat2, className: 'bg-emerald-600' },
  announcement: { icon: Megaphone, className: 'bg-amber-600' },
  message_received: { icon: MessageCircle, className: 'bg-indigo-600' },
  registration_pending: { icon: UserPlus, className: 'bg-amber-600' },
  account_approved: { icon: CheckCircle2, className: 'bg-emerald-600' },
  post_approved: { icon: CheckCircle2, className: 'bg-emerald-600' },
  post_rejected: { icon: XCircle, className: 'bg-red-600' },
  post_unpublished: { icon: XCircle, className: 'bg-amber-600' },
  report_resolved: { icon: Flag, className: 'bg-slate-600' },
  avatar_removed: { icon: ImageOff, className: 'bg-red-600' },
  cover_removed: { icon: ImageOff, className: 'bg-red-600' },
}

/**
 * What a notification says: the first person's avatar with the kind's
 * icon, "Ana Silva and 3 others liked your post", the post's first words
 * and when. Used by the dropdown and the page; the caller wraps it in its
 * link or menu item.
 */
export function NotificationContent({
  item,
  compact = false,
}: {
  item: Data.Notification
  compact?: boolean
}) {
  const { names, text } = describeNotification(item)
  const badge = ICONS[item.kind] ?? ICONS.report_resolved
  const Icon = badge.icon
  const actor = item.actors[0]
  return (
    <span className="flex w-full min-w-0 items-start gap-3 text-left">
      <span className="relative shrink-0">
        {actor ? (
          <AuthorAvatar author={actor} />
        ) : (
          <span
            className={cn(
              'grid size-9 place-items-center rounded-full text-white',
              badge.className
            )}
          >
            <Icon className="size-4" aria-hidden />
          </span>
        )}
        {actor && (
          <span
            className={cn(
              'absolute -right-1 -bottom-1 grid size-4.5 place-items-center rounded-full text-white ring-2 ring-card',
              badge.className
            )}
            aria-hidden
          >
            <Icon className="size-2.5" />
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', !item.read && 'font-medium')}>
          {names && <strong className="font-semibold">{names}</strong>} {text}
        </span>
        {item.excerpt && (
          <span
            className={cn(
              'mt-0.5 text-sm text-muted-foreground',
              compact ? 'block truncate' : 'line-clamp-2'
            )}
          >
            “{item.excerpt}”
          </span>
        )}
        {(item.kind === 'post_rejected' ||
          item.kind === 'post_unpublished' ||
          item.kind === 'avatar_removed' ||
          item.kind === 'cover_removed') &&
          item.reason && (
            <span className="mt-0.5 block text-sm text-muted-foreground">
              Reason: {item.reason}
            </span>
          )}
        {item.kind === 'report_resolved' && item.reason && (
          <span className="mt-0.5 block text-sm text-muted-foreground">{item.reason}</span>
        )}
        {item.createdAt && (
          <time
            dateTime={item.createdAt}
            title={fullTimestamp(item.createdAt)}
            className="mt-0.5 block text-xs text-muted-foreground"
          >
            {relativeTime(item.createdAt)}
          </time>
        )}
      </span>
      {!item.read && (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" aria-label="Unread" />
      )}
    </span>
  )
}
