import { usePage } from '@inertiajs/react'
import { useChannelEvent } from '~/lib/realtime'
import type { SharedProps } from '~/types'

/** The signed-in user's own private channel (messages, typing, read receipts). */
export function ownChannel(userId: number) {
  return `private-App.Models.User.${userId}`
}

/**
 * Listens to `event` (short name, e.g. 'MessageSent') on the signed-in
 * user's own private channel. Nothing happens for a guest.
 */
export function useOwnChannelEvent<T>(event: string, handler: (data: T) => void) {
  const user = usePage<SharedProps>().props.auth.user
  useChannelEvent<T>(user ? ownChannel(user.id) : '', event, handler)
}
