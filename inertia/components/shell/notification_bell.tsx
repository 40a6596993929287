import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Bell, CheckCheck, Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown_menu'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { badgeLabel } from '~/components/notifications/describe'
import {
  applyChange,
  markAllNotificationsRead,
  openNotification,
} from '~/components/notifications/actions'
import {
  onNotificationChange,
  seedUnread,
  setUnread,
  useUnreadCount,
} from '~/components/notifications/unread_store'
import { LiveNotifications } from '~/components/notifications/live_notifications'
import type { Data } from '~data'

// The rows are only drawn once the menu is open: fetched then, not with the page.
const NotificationContent = lazy(() =>
  import('~/components/notifications/notification_row').then((m) => ({
    default: m.NotificationContent,
  }))
)

/**
 * The header's notification bell (PRODUCT §6): the unread count ("99+"
 * above 99), live and the same in every tab, and a dropdown of the latest
 * notifications with "Mark all read" and a link to the full list.
 */
export function NotificationBell() {
  const { unreadNotifications } = usePage<Data.SharedProps>().props
  const initial = typeof unreadNotifications === 'number' ? unreadNotifications : 0
  const unread = useUnreadCount(initial)
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<Data.Notification[] | null>(null)
  const [failed, setFailed] = useState(false)

  // Every page visit brings the server's count.
  useEffect(() => {
    if (typeof unreadNotifications === 'number') seedUnread(unreadNotifications)
  }, [unreadNotifications])

  useEffect(
    () =>
      onNotificationChange((change) =>
        setItems((list) => (list ? applyChange(list, change) : list))
      ),
    []
  )

  const load = useCallback(async () => {
    setFailed(false)
    try {
      const reply = await jsonRequest<{ items: Data.Notification[]; unreadCount: number }>(
        'get',
        route('notifications.latest')
      )
      setItems(reply.items)
      setUnread(reply.unreadCount)
    } catch {
      setFailed(true)
    }
  }, [])

  const label = badgeLabel(unread)
  return (
    <>
      <LiveNotifications />
      <DropdownMenu
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (next) void load()
        }}
      >
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            data-testid="notification-bell"
            aria-label={label ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            <Bell className="size-5" aria-hidden />
            {label && (
              <span
                className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-white ring-2 ring-card"
                data-testid="notification-count"
                aria-hidden
              >
                {label}
              </span>
            )}
          </Button>
        </DropdownMenuTrigger>
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
          <div
            className="max-h-[min(28rem,70vh)] overflow-y-auto p-1"
            data-testid="notification-menu"
          >
            {items === null && !failed && (
              <p className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
              </p>
            )}
            {failed && (
              <p className="py-8 text-center text-sm text-destructive" role="alert">
                Notifications could not be loaded.{' '}
                <button type="button" className="underline" onClick={() => void load()}>
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
                      setOpen(false)
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
      </DropdownMenu>
    </>
  )
}
