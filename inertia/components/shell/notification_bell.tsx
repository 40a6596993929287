import { useCallback, useEffect, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { Bell } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { withPrimitives } from '~/components/ui/deferred'
import { DropdownMenu, DropdownMenuTrigger } from '~/components/ui/dropdown_menu'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { badgeLabel } from '~/components/notifications/badge_label'
import { applyChange } from '~/components/notifications/actions'
import {
  onNotificationChange,
  seedUnread,
  setUnread,
  useUnreadCount,
} from '~/components/notifications/unread_store'
import { LiveNotifications } from '~/components/notifications/live_notifications'
import type { Data } from '~data'

// The dropdown's contents: fetched with Radix after the first paint
// (components/ui/deferred.tsx); its rows once it is opened.
const BellMenuContent = withPrimitives(() =>
  import('~/components/notifications/bell_menu_content').then((m) => m.BellMenuContent)
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
        <BellMenuContent
          unread={unread}
          items={items}
          failed={failed}
          onRetry={() => void load()}
          onNavigate={() => setOpen(false)}
        />
      </DropdownMenu>
    </>
  )
}
