import { useEffect, useMemo, useState } from 'react'
import { InfiniteScroll } from '@inertiajs/react'
import type { Scroll } from '@adonisjs/inertia/types'
import { Bell, CheckCheck, CheckCircle2, RefreshCw } from 'lucide-react'
import { EmptyState } from '~/components/shell/empty_state'
import { FeedSkeleton } from '~/components/shell/feed_skeleton'
import { PageTitle } from '~/components/shell/page_title'
import { Button } from '~/components/ui/button'
import { useLoadFailure } from '~/hooks/use_load_failure'
import { NotificationContent } from '~/components/notifications/notification_row'
import {
  applyChange,
  markAllNotificationsRead,
  markNotificationRead,
  openNotification,
} from '~/components/notifications/actions'
import {
  onNotificationChange,
  seedUnread,
  useUnreadCount,
} from '~/components/notifications/unread_store'
import { cn } from '~/lib/utils'
import type { Data } from '~data'

/**
 * The notifications list (Homepage/Notifications, and Dashboard/Notification
 * for admins): newest first, 20 at a time as the page scrolls (keyset),
 * new ones arriving live at the top, mark one or all read; clicking one
 * opens what it is about and marks it read.
 */
export function NotificationsPage({
  notifications,
  unreadCount,
}: {
  notifications: Scroll<Data.Notification>
  unreadCount: number
}) {
  const unread = useUnreadCount(unreadCount)
  const load = useLoadFailure()
  // Live additions and read marks on top of the server's pages.
  const [changes, setChanges] = useState<Parameters<typeof applyChange>[1][]>([])

  useEffect(() => seedUnread(unreadCount), [unreadCount])
  useEffect(() => onNotificationChange((change) => setChanges((list) => [...list, change])), [])

  const items = useMemo(
    () => changes.reduce(applyChange, notifications.data),
    [changes, notifications.data]
  )

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageTitle title="Notifications" />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Notifications</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="notifications-unread">
            {unread === 0 ? 'Nothing unread.' : `${unread} unread`}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0}
          onClick={() => void markAllNotificationsRead()}
          data-testid="notifications-page-mark-all"
        >
          <CheckCheck className="size-4" aria-hidden /> Mark all read
        </Button>
      </header>

      {items.length === 0 ? (
        <EmptyState icon={Bell} title="No notifications yet">
          When someone likes, comments on, shares or tags you in a post, you will see it here.
        </EmptyState>
      ) : (
        <InfiniteScroll
          data="notifications"
          onlyNext
          preserveUrl
          buffer={400}
          manual={load.failed}
          params={load.params}
          as="ul"
          className="divide-y overflow-hidden rounded-xl border bg-card"
          loading={() => <FeedSkeleton count={1} />}
          next={({ hasMore, loading, fetch }) => {
            if (loading) return null
            if (load.failed && hasMore) {
              return (
                <div role="alert" className="flex items-center justify-center gap-3 p-4 text-sm">
                  <span className="text-destructive">More notifications could not be loaded.</span>
                  <Button variant="outline" size="sm" onClick={() => fetch()}>
                    <RefreshCw className="size-4" aria-hidden /> Retry
                  </Button>
                </div>
              )
            }
            if (!hasMore) {
              return (
                <p className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                  <CheckCircle2 className="size-4" aria-hidden /> That's everything
                </p>
              )
            }
            return null
          }}
        >
          {items.map((item) => (
            <li
              key={item.id}
              className={cn('group flex items-start gap-2 pr-2', !item.read && 'bg-primary/5')}
              data-testid="notification-row"
              data-read={item.read ? 'true' : 'false'}
            >
              <a
                href={item.url}
                onClick={(event) => openNotification(event, item)}
                className="flex min-w-0 flex-1 p-4 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <NotificationContent item={item} />
              </a>
              {!item.read && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-3 shrink-0"
                  onClick={() => void markNotificationRead(item.id)}
                  data-testid="notification-mark-read"
                >
                  Mark read
                </Button>
              )}
            </li>
          ))}
        </InfiniteScroll>
      )}
    </div>
  )
}
