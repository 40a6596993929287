/**
 * Realtime in the browser (PRODUCT §10): Laravel Echo + pusher-js with the
 * "reverb" broadcaster, available as `window.Echo` (the Laravel convention).
 *
 * - Created lazily, in the browser only, once someone is signed in; torn
 *   down when a visit lands signed out.
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
import { http, router, usePage } from '@inertiajs/react'
import Echo from 'laravel-echo'
import Pusher from 'pusher-js'

export type PresenceMember = {
  id: number
  name: string
  username: string
  avatarUrl: string | null
}

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline'

/** What the server shares (resources/views/inertia_layout.edge): never the secret. */
type ClientConfig = {
  key: string
  host?: string | null
  port?: number | null
  scheme?: 'http' | 'https' | null
}

declare global {
  interface Window {
    Echo?: Echo<'reverb'>
    Pusher?: typeof Pusher
  }
}

type EchoChannel = ReturnType<Echo<'reverb'>['private']>
type EchoPresence = ReturnType<Echo<'reverb'>['join']>

let echo: Echo<'reverb'> | null = null
let state: ConnectionState = 'connecting'
let everConnected = false
const stateListeners = new Set<() => void>()

function setState(next: ConnectionState) {
  if (next === state) return
  state = next
  for (const listener of stateListeners) listener()
}

function readConfig(): ClientConfig | null {
  const element = document.getElementById('huddle-realtime')
  if (!element?.textContent) return null
  try {
    const config = JSON.parse(element.textContent) as ClientConfig
    return config.key ? config : null
  } catch {
    return null
  }
}

function xsrfHeaders(): Record<string, string> {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)
  return match ? { 'X-XSRF-TOKEN': decodeURIComponent(match[1]) } : {}
}

let interceptorsInstalled = false
/** Follows the browser's online / offline events while connected. */
let onNetworkChange = () => {}

/** X-Socket-ID on Inertia's requests and on same-origin fetch() calls. */
function installInterceptors() {
  if (interceptorsInstalled) return
  interceptorsInstalled = true
  http.onRequest((config) => {
    const id = socketId()
    if (id) config.headers = { ...config.headers, 'X-Socket-ID': id }
    return config
  })
  const originalFetch = window.fetch.bind(window)
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const id = socketId()
    if (!id) return originalFetch(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input), location.href)
    if (url.origin !== location.origin) return originalFetch(input, init)
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}))
    if (!headers.has('X-Socket-ID')) headers.set('X-Socket-ID', id)
    return originalFetch(input, { ...init, headers })
  }
  // Signed out (or the account was closed): drop the connection.
  router.on('navigate', (event) => {
    const user = (event.detail.page.props as { auth?: { user?: unknown } }).auth?.user
    if (!user) disconnect()
  })
}

/** The Echo instance, created on first use in a signed-in browser; null otherwise. */
function connect(): Echo<'reverb'> | null {
  if (echo) return echo
  if (typeof window === 'undefined') return null
  const config = readConfig()
  if (!config) return null

  // The server says where (config/realtime.ts clientRealtimeConfig): never
  // the build mode, since `npm start` serves the production build over
  // plain http. The page's own origin only for what it leaves out.
  const tls = config.scheme ? config.scheme === 'https' : location.protocol === 'https:'
  const port = config.port ?? (Number(location.port) || (tls ? 443 : 80))

  window.Pusher = Pusher
  echo = new Echo({
    broadcaster: 'reverb',
    key: config.key,
    wsHost: config.host ?? location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    namespace: 'App.Events',
    Pusher,
    withoutInterceptors: true,
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      headersProvider: xsrfHeaders,
    },
    userAuthentication: {
      endpoint: '/broadcasting/user-auth',
      transport: 'ajax',
      headersProvider: xsrfHeaders,
    },
  } as ConstructorParameters<typeof Echo<'reverb'>>[0])
  window.Echo = echo

  const pusher = echo.connector.pusher
  const update = () => {
    const current: string = pusher.connection.state
    if (navigator.onLine === false) return setState('offline')
    if (current === 'connected') {
      everConnected = true
      setState('connected')
    } else if (current === 'connecting' || current === 'initialized' || current === 'unavailable') {
      setState(everConnected ? 'reconnecting' : 'connecting')
    } else {
      setState('offline')
    }
  }
  pusher.connection.bind('state_change', update)
  // The browser knows first when the network is gone (the socket may linger).
  onNetworkChange = update
  window.addEventListener('offline', onNetworkChange)
  window.addEventListener('online', onNetworkChange)
  installInterceptors()
  return echo
}

function disconnect() {
  if (!echo) return
  echo.disconnect()
  window.removeEventListener('offline', onNetworkChange)
  window.removeEventListener('online', onNetworkChange)
  echo = null
  delete window.Echo
  channels.clear()
  everConnected = false
  setState('connecting')
}

/** This browser's socket id (X-Socket-ID), once connected. */
export function socketId(): string | null {
  return echo?.socketId() ?? null
}

// ------------------------------------------------------------ channels

type SharedChannel = {
  refs: number
  channel: EchoChannel | EchoPresence
  members: PresenceMember[]
  listeners: Set<() => void>
}

const channels = new Map<string, SharedChannel>()

/** Echo names channels without their prefix: private('x') is "private-x", join('x') "presence-x". */
function open(instance: Echo<'reverb'>, name: string) {
  if (name.startsWith('presence-')) return instance.join(name.slice('presence-'.length))
  if (name.startsWith('private-')) return instance.private(name.slice('private-'.length))
  return instance.channel(name) as EchoChannel
}

function acquire(name: string): SharedChannel | null {
  const instance = connect()
  if (!instance) return null
  let shared = channels.get(name)
  if (!shared) {
    const channel = open(instance, name)
    const entry: SharedChannel = { refs: 0, channel, members: [], listeners: new Set() }
    shared = entry
    channels.set(name, entry)
    if (name.startsWith('presence-')) {
      const notify = (members: PresenceMember[]) => {
        entry.members = members
        for (const listener of entry.listeners) listener()
      }
      ;(channel as EchoPresence)
        .here((members: PresenceMember[]) => notify([...members]))
        .joining((member: PresenceMember) =>
          notify([...entry.members.filter((m) => m.id !== member.id), member])
        )
        .leaving((member: PresenceMember) =>
          notify(entry.members.filter((m) => m.id !== member.id))
        )
    }
  }
  shared.refs++
  return shared
}

function release(name: string) {
  const shared = channels.get(name)
  if (!shared) return
  shared.refs--
  if (shared.refs > 0) return
  // A moment's grace: a page swap unmounts and remounts the same listeners.
  setTimeout(() => {
    if (channels.get(name) !== shared || shared.refs > 0) return
    channels.delete(name)
    echo?.leaveChannel(name)
  }, 1000)
}

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
    const shared = acquire(channel)
    if (!shared) return
    const listener = (data: T) => handlerRef.current(data)
    shared.channel.listen(event, listener)
    return () => {
      shared.channel.stopListening(event, listener)
      release(channel)
    }
  }, [signedIn, channel, event])
}

const NO_MEMBERS: PresenceMember[] = []

/** The members of a presence channel (e.g. 'presence-online'), kept up to date while mounted. */
export function usePresenceMembers(channel: string): PresenceMember[] {
  const signedIn = useSignedIn()
  useEffect(() => {
    if (!signedIn || !channel) return
    const shared = acquire(channel)
    if (!shared) return
    return () => release(channel)
  }, [signedIn, channel])
  return useSyncExternalStore(
    (listener) => {
      if (!signedIn) return () => {}
      const shared = channels.get(channel)
      if (!shared) {
        // Subscribed by the effect above, after the first render: look again then.
        const retry = setTimeout(listener, 0)
        return () => clearTimeout(retry)
      }
      shared.listeners.add(listener)
      return () => shared.listeners.delete(listener)
    },
    () => (signedIn ? (channels.get(channel)?.members ?? NO_MEMBERS) : NO_MEMBERS),
    () => NO_MEMBERS
  )
}

/** The websocket connection's state, for a quiet "Reconnecting…" indicator. */
export function useConnectionState(): ConnectionState {
  const signedIn = useSignedIn()
  useEffect(() => {
    if (signedIn) connect()
  }, [signedIn])
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    () => state,
    () => 'connecting' as ConnectionState
  )
}
