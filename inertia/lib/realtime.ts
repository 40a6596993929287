/**
 * Realtime in the browser (PRODUCT §10): Laravel Echo + pusher-js with the
 * "reverb" broadcaster, available as `window.Echo` (the Laravel convention).
 *
 * - Created lazily, in the browser only, once someone is signed in; torn
 *   down when a visit lands signed out. The connection (Echo, pusher-js,
 *   the channels: lib/realtime_client.ts, about 25 KB gzip) is a chunk of
 *   its own, fetched then; this file only holds the hooks (the state
 *   they render is lib/realtime_state.ts, which the client writes): a
 *   visitor who is not signed in never downloads it, and a signed-in
 *   first load paints before it arrives (issue 18 §4).
 * - ws/wss only, stats off, event namespace `App.Events`; scheme, host and
 *   port as the server says in the page (#huddle-realtime): its REVERB_*
 *   settings, else the origin the page was served from (the app serves
 *   /app/:key itself), so the same build works on http://localhost:3333
 *   and behind TLS on 443.
 * - Channel and user authentication at /broadcasting/auth and
 *   /broadcasting/user-auth with the CSRF header (X-XSRF-TOKEN).
 * - Every Inertia request and same-origin fetch carries X-Socket-ID, so
 *   the server can leave the sender out of its own broadcast.
 *
 * Components use the hooks, never Echo directly:
 *   useChannelEvent('private-App.Models.User.7', 'MessageSent', (data) => …)
 *   const online = usePresenceMembers('presence-online')
 *   const state = useConnectionState()
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { usePage } from '@inertiajs/react'
import type { SharedChannel } from '~/lib/realtime_client'
import {
  connectionState,
  memberListeners,
  members,
  setConnectionState,
  stateListeners,
  type ConnectionState,
  type PresenceMember,
} from '~/lib/realtime_state'

type Client = typeof import('~/lib/realtime_client')

// ------------------------------------------------------------ the client, on demand

let client: Client | null = null
let loadingClient: Promise<Client> | null = null

function loadClient(): Promise<Client> {
  loadingClient ??= import('~/lib/realtime_client').then((module) => (client = module))
  loadingClient.catch(() => {
    loadingClient = null
    setConnectionState('offline')
  })
  return loadingClient
}

/** Runs `start` with the client once it is loaded; returns the cleanup (also before it is). */
function withClient(start: (loaded: Client) => (() => void) | void): () => void {
  let active = true
  let stop: (() => void) | void
  loadClient().then(
    (loaded) => {
      if (active) stop = start(loaded)
    },
    () => null
  )
  return () => {
    active = false
    stop?.()
  }
}

/** This browser's socket id (X-Socket-ID), once connected. */
export function socketId(): string | null {
  return client?.socketId() ?? null
}

// ------------------------------------------------------------ hooks

function useSignedIn() {
  const page = usePage()
  return Boolean((page.props as { auth?: { user?: unknown } }).auth?.user)
}

/**
 * Calls `handler` with each `event` (short name, e.g. 'MessageSent') on
 * `channel` (full name, e.g. 'private-App.Models.User.7') while mounted.
 * Components listening on the same channel share one subscription.
 */
export function useChannelEvent<T>(channel: string, event: string, handler: (data: T) => void) {
  const signedIn = useSignedIn()
  const handlerRef = useRef(handler)
  useEffect(() => {
    handlerRef.current = handler
  })
  useEffect(() => {
    if (!signedIn || !channel) return
    return withClient((loaded) =>
      loaded.withChannel(channel, (shared: SharedChannel) => {
        const listener = (data: T) => handlerRef.current(data)
        shared.channel.listen(event, listener)
        return () => shared.channel.stopListening(event, listener)
      })
    )
  }, [signedIn, channel, event])
}

const NO_MEMBERS: PresenceMember[] = []

/** The members of a presence channel (e.g. 'presence-online'), kept up to date while mounted. */
export function usePresenceMembers(channel: string): PresenceMember[] {
  const signedIn = useSignedIn()
  useEffect(() => {
    if (!signedIn || !channel) return
    return withClient((loaded) => loaded.withChannel(channel, () => () => {}))
  }, [signedIn, channel])
  return useSyncExternalStore(
    (listener) => {
      if (!signedIn) return () => {}
      let listeners = memberListeners.get(channel)
      if (!listeners) memberListeners.set(channel, (listeners = new Set()))
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) memberListeners.delete(channel)
      }
    },
    () => (signedIn ? (members.get(channel) ?? NO_MEMBERS) : NO_MEMBERS),
    () => NO_MEMBERS
  )
}

/** The websocket connection's state, for a quiet "Reconnecting…" indicator. */
export function useConnectionState(): ConnectionState {
  const signedIn = useSignedIn()
  useEffect(() => {
    if (signedIn) return withClient((loaded) => loaded.start())
  }, [signedIn])
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    connectionState,
    () => 'connecting' as ConnectionState
  )
}
