import { lazy, Suspense } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { CheckCheck, Loader2 } from 'lucide-react'
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '~/components/ui/dropdown_menu'
import { markAllNotificationsRead, openNotification } from '~/components/notifications/actions'
import type { Data } from '~data'

// The rows are only drawn once the menu is open: fetched then, not with the page.
const NotificationContent = lazy(() =>
  import('~/components/notifications/notification_row').then((m) => ({
    default: m.NotificationContent,
  }))
)

/**
 * The bell's dropdown (components/shell/notification_bell.tsx): "Mark all
 * read", the latest notifications (`items`: null while they load), and a
 * link to the full list.
 */
export function BellMenuContent({
  unread,
  items,
  failed,
  onRetry,
  onNavigate,
}: {
  unread: number
  items: Data.Notification[] | null
  failed: boolean
  onRetry: () => void
  /** A row was followed: the menu closes. */
  onNavigate: () => void
}) {
  return (
    <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1.5rem))] p-0">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <DropdownMenuLabel className="p-0 font-semibold">Notifications</DropdownMenuLabel>
        {/* A menu item, so arrow keys reach it; the menu stays open. */}
        <DropdownMenuItem
          className="h-8 px-3 text-xs font-medium"
          disabled={unread === 0}
          onSelect={(event) => {
            event.preventDefault()
            void markAllNotificationsRead()
          }}
          data-testid="notifications-mark-all"
        >
          <CheckCheck className="size-4" aria-hidden /> Mark all read
        </DropdownMenuItem>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1" data-testid="notification-menu">
        {items === null && !failed && (
          <p className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
          </p>
        )}
        {failed && (
          <p className="py-8 text-center text-sm text-destructive" role="alert">
            Notifications could not be loaded.{' '}
            <button type="button" className="underline" onClick={onRetry}>
              Retry
            </button>
          </p>
        )}
        {items?.length === 0 && (
          <p className="py-8 text-center text-sm text-muted-foreground">
            You're all caught up. Likes, comments and mentions will show up here.
          </p>
        )}
        <Suspense fallback={null}>
          {items?.map((item) => (
            <DropdownMenuItem
              key={item.id}
              asChild
              className={item.read ? 'px-2 py-2' : 'bg-primary/5 px-2 py-2'}
            >
              <a
                href={item.url}
                onClick={(event) => {
                  onNavigate()
                  openNotification(event, item)
                }}
                data-testid="notification-item"
              >
                <NotificationContent item={item} compact />
              </a>
            </DropdownMenuItem>
          ))}
        </Suspense>
      </div>
      <DropdownMenuSeparator className="m-0" />
      <DropdownMenuItem asChild className="justify-center rounded-none py-2.5 font-medium">
        <Link route="notifications.index">See all notifications</Link>
      </DropdownMenuItem>
    </DropdownMenuContent>
  )
}
