import { useState } from 'react'
import { router, usePage } from '@inertiajs/react'
import { useOnReconnect, useOwnChannelEvent } from '~/components/messages/live'
import type { MessageSentEvent, UnreadMessagesChangedEvent } from '~/components/messages/types'
import type { Data } from '~data'

/**
 * The "Messages" menu entry's unread count: the shared prop from the last
 * page load, then the totals the server sends on the user's own channel
 * (a message received, a conversation read in any tab).
 */
export function UnreadMessagesBadge() {
  const initial = Number(usePage<Data.SharedProps>().props.unreadMessages ?? 0)
  // A live value holds until the next page load brings a new shared prop.
  const [live, setLive] = useState({ base: initial, count: initial })
  const count = live.base === initial ? live.count : initial
  useOwnChannelEvent<MessageSentEvent>('MessageSent', (data) => {
    if (typeof data.unreadTotal === 'number') setLive({ base: initial, count: data.unreadTotal })
  })
  useOwnChannelEvent<UnreadMessagesChangedEvent>('UnreadMessagesChanged', (data) => {
    setLive({ base: initial, count: data.unreadTotal })
  })
  // Back online: the total may have moved meanwhile.
  useOnReconnect(() => router.reload({ only: ['unreadMessages'] }))
  if (count <= 0) return null
  return (
    <span
      className="ml-auto grid min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
      data-testid="messages-badge"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  )
}
