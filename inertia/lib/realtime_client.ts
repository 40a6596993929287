/**
 * The realtime connection itself (lib/realtime.ts describes it): Echo,
 * pusher-js, the shared channels and the request interceptors. A chunk of
 * its own, fetched by lib/realtime.ts's hooks once someone is signed in
 * (issue 18 §4: never part of a page's first load).
 */
import { http, router } from '@inertiajs/react'
import type Echo from 'laravel-echo'
import type Pusher from 'pusher-js'
import { setConnectionState, setMembers, type PresenceMember } from '~/lib/realtime_state'

declare global {
  interface Window {
    Echo?: Echo<'reverb'>
    Pusher?: typeof Pusher
  }
}

/** What the server shares (resources/views/inertia_layout.edge): never the secret. */
type ClientConfig = {
  key: string
  host?: string | null
  port?: number | null
  scheme?: 'http' | 'https' | null
}

type EchoChannel = ReturnType<Echo<'reverb'>['private']>
type EchoPresence = ReturnType<Echo<'reverb'>['join']>

let echo: Echo<'reverb'> | null = null
let everConnected = false
const setState = setConnectionState

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

type Libraries = { Echo: typeof Echo; Pusher: typeof Pusher }
let libraries: Promise<Libraries> | null = null

/** Echo and pusher-js, fetched once, on the first connection. */
function loadLibraries(): Promise<Libraries> {
  libraries ??= Promise.all([import('laravel-echo'), import('pusher-js')]).then(
    ([echoModule, pusherModule]) => ({ Echo: echoModule.default, Pusher: pusherModule.default })
  )
  // A failed fetch (offline, a deploy replaced the chunk) is tried again next time.
  libraries.catch(() => {
    libraries = null
  })
  return libraries
}

/**
 * The Echo instance, created on first use in a signed-in browser once its
 * libraries are loaded; null when there is no realtime configuration (or
 * the libraries could not be fetched).
 */
async function connect(): Promise<Echo<'reverb'> | null> {
  if (echo) return echo
  if (typeof window === 'undefined') return null
  if (!readConfig()) return null
  let loaded: Libraries
  try {
    loaded = await loadLibraries()
  } catch {
    setState('offline')
    return null
  }
  return openConnection(loaded)
}

function openConnection({
  Echo: EchoClass,
  Pusher: PusherClass,
}: Libraries): Echo<'reverb'> | null {
  if (echo) return echo
  const config = readConfig()
  if (!config) return null

  // The server says where (config/realtime.ts clientRealtimeConfig): never
  // the build mode, since `npm start` serves the production build over
  // plain http. The page's own origin only for what it leaves out.
  const tls = config.scheme ? config.scheme === 'https' : location.protocol === 'https:'
  const port = config.port ?? (Number(location.port) || (tls ? 443 : 80))

  window.Pusher = PusherClass
  echo = new EchoClass({
    broadcaster: 'reverb',
    key: config.key,
    wsHost: config.host ?? location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    namespace: 'App.Events',
    Pusher: PusherClass,
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
  const names = [...channels.keys()]
  channels.clear()
  for (const name of names) setMembers(name, null)
  everConnected = false
  setState('connecting')
}

/** This browser's socket id (X-Socket-ID), once connected. */
export function socketId(): string | null {
  return echo?.socketId() ?? null
}

/** Starts the connection (signed in): state changes reach useConnectionState. */
export function start() {
  void connect()
}

// ------------------------------------------------------------ channels

export type SharedChannel = {
  refs: number
  channel: EchoChannel | EchoPresence
  members: PresenceMember[]
}

const channels = new Map<string, SharedChannel>()

/** Echo names channels without their prefix: private('x') is "private-x", join('x') "presence-x". */
function open(instance: Echo<'reverb'>, name: string) {
  if (name.startsWith('presence-')) return instance.join(name.slice('presence-'.length))
  if (name.startsWith('private-')) return instance.private(name.slice('private-'.length))
  return instance.channel(name) as EchoChannel
}

function acquire(instance: Echo<'reverb'>, name: string): SharedChannel {
  let shared = channels.get(name)
  if (!shared) {
    const channel = open(instance, name)
    const entry: SharedChannel = { refs: 0, channel, members: [] }
    shared = entry
    channels.set(name, entry)
    if (name.startsWith('presence-')) {
      const notify = (members: PresenceMember[]) => {
        entry.members = members
        setMembers(name, members)
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

function release(name: string, shared: SharedChannel) {
  // Gone with a sign-out (disconnect) already: nothing to leave.
  if (channels.get(name) !== shared) return
  shared.refs--
  if (shared.refs > 0) return
  // A moment's grace: a page swap unmounts and remounts the same listeners.
  setTimeout(() => {
    if (channels.get(name) !== shared || shared.refs > 0) return
    channels.delete(name)
    setMembers(name, null)
    echo?.leaveChannel(name)
  }, 1000)
}

/**
 * Uses channel `name` once the connection is up (the libraries may still be
 * on their way): `use` starts listening and returns how to stop. Returns the
 * cleanup, which also covers a connection that never came.
 */
export function withChannel(name: string, use: (shared: SharedChannel) => () => void): () => void {
  let active = true
  let cleanup: (() => void) | null = null
  void connect().then((instance) => {
    if (!active || !instance || instance !== echo) return
    const shared = acquire(instance, name)
    const stop = use(shared)
    cleanup = () => {
      stop()
      release(name, shared)
    }
  })
  return () => {
    active = false
    cleanup?.()
  }
}
