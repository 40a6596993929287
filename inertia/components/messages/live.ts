import { useEffect, useRef } from 'react'
import { usePage } from '@inertiajs/react'
import { useChannelEvent, useConnectionState } from '~/lib/realtime'
import type { Data } from '~data'
import { userChannel } from '#services/realtime/channels'

/**
 * Listens to `event` (short name, e.g. 'MessageSent') on the signed-in
 * user's own private channel. Nothing happens for a guest.
 */
export function useOwnChannelEvent<T>(event: string, handler: (data: T) => void) {
  const user = usePage<Data.SharedProps>().props.auth.user
  useChannelEvent<T>(user ? userChannel(user.id) : '', event, handler)
}

/**
 * Calls `catchUp` when the realtime connection comes back after being lost:
 * events sent meanwhile were missed, so the page fetches what changed
 * (everything is stored before it is broadcast).
 */
export function useOnReconnect(catchUp: () => void) {
  const state = useConnectionState()
  const previous = useRef(state)
  const callback = useRef(catchUp)
  useEffect(() => {
    callback.current = catchUp
  })
  useEffect(() => {
    const was = previous.current
    previous.current = state
    if (state === 'connected' && (was === 'reconnecting' || was === 'offline')) callback.current()
  }, [state])
}
