/// <reference lib="webworker" />
/**
 * Huddle's service worker (issue 15 §1 and §2), built by vite-plugin-pwa
 * (Workbox, injectManifest) into public/build/sw.js and served at /sw.js
 * so its scope is the whole app.
 *
 * - Precaches the hashed build assets (the app shell's JavaScript, CSS and
 *   icons) and the offline page. Pages go to the network; the worker keeps
 *   none itself. A navigation that fails offline shows the person's offline
 *   copy of that page when the app kept one (see offlineCopy), the offline
 *   page otherwise.
 * - Shows Web Push notifications (payload: title + link), one per link (a
 *   newer one of the same group replaces it, like the bell), and opens the
 *   link on click, in an open Huddle tab when there is one.
 * - Writes the app's offline copies (a 'keep-copy' message, lib/offline_copies.ts).
 * - On a 'clear-caches' message (sign-out, user switch) deletes every cache
 *   but the precache of public assets.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { COPY_PREFIX, HEAD_KEY, PAGES_CACHE_PREFIX, writeCopy } from '../lib/offline_copies'

declare const self: ServiceWorkerGlobalScope

const OFFLINE_URL = '/offline.html'
/**
 * public/ files are served with `default-src 'none'`; the offline page, a
 * self-contained document (inline styles and icon, no script), gets the
 * little it needs when the worker shows it.
 */
const OFFLINE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

async function offlinePage() {
  const cached = await matchPrecache(OFFLINE_URL)
  if (!cached) return Response.error()
  return new Response(await cached.text(), {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': OFFLINE_CSP,
      'Cache-Control': 'no-store',
    },
  })
}

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

/**
 * Offline copies (lib/offline.ts keeps them, per person, in
 * `huddle-pages-<user id>`): the page object of the feed, notifications and
 * recent conversations, and the app's <head>. A failed navigation to one of
 * them gets the app booted on the copy, marked by the
 * `huddle-offline-copy` meta (the banner). Only when exactly one person's
 * copies are here: sign-out and a user switch delete them.
 */
const COPY_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

function scriptJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The one person's copies, or none. */
async function copiesCache() {
  const all = await caches.keys()
  const names = all.filter((name) => name.startsWith(PAGES_CACHE_PREFIX))
  return names.length === 1 ? caches.open(names[0]) : null
}

async function hasOfflineCopy(url: URL) {
  const cache = await copiesCache()
  return Boolean(cache && (await cache.match(COPY_PREFIX + url.pathname)))
}

async function offlineCopy(url: URL) {
  const cache = await copiesCache()
  if (!cache) return null
  const [copy, head] = await Promise.all([
    cache.match(COPY_PREFIX + url.pathname),
    cache.match(HEAD_KEY),
  ])
  if (!copy || !head) return null
  const { page, savedAt } = (await copy.json()) as { page: unknown; savedAt: number }
  const html =
    '<!DOCTYPE html><html lang="en"><head>' +
    `<meta name="huddle-offline-copy" content="${Number(savedAt)}">` +
    (await head.text()) +
    '</head><body class="min-h-screen bg-background font-sans text-foreground antialiased">' +
    `<script data-page="app" type="application/json">${scriptJson(page)}</script>` +
    '<div id="app"></div></body></html>'
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': COPY_CSP,
      'Cache-Control': 'no-store',
    },
  })
}

/** The tabs this worker booted on a copy (forgotten when it stops; lib/offline.ts answers then). */
const onCopy = new Set<string>()

const network = new NetworkOnly()
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await network.handle(options)
    } catch {
      const copy = await offlineCopy(options.url).catch(() => null)
      const tab = (options.event as FetchEvent).resultingClientId
      if (copy && tab) onCopy.add(tab)
      return copy ?? offlinePage()
    }
  })
)

/**
 * A tab on a copy visits another page (a click in the app: an Inertia
 * request, not a partial reload) and the network fails: when that page has
 * a copy too, the answer is Inertia's own "load this URL fully" (409 with
 * X-Inertia-Location), and the full load above boots the app on it. From
 * the copy's first moment, before the app's offline module (loaded lazily)
 * is there to answer the failure. The page on screen (a reload) fails as
 * before; other tabs are not touched.
 */
registerRoute(
  ({ request, event }) =>
    request.method === 'GET' &&
    onCopy.has((event as FetchEvent).clientId) &&
    request.headers.get('X-Inertia') === 'true' &&
    !request.headers.has('X-Inertia-Partial-Component'),
  async ({ request, url, event }) => {
    const tabId = (event as FetchEvent).clientId
    try {
      const response = await fetch(request)
      // The network answers again: the tab is live, its requests go straight on.
      onCopy.delete(tabId)
      return response
    } catch (error) {
      const tab = await self.clients.get(tabId)
      const here = tab ? new URL(tab.url).pathname === url.pathname : true
      if (url.origin === self.location.origin && !here && (await hasOfflineCopy(url))) {
        return new Response(null, {
          status: 409,
          headers: { 'X-Inertia-Location': url.pathname + url.search },
        })
      }
      throw error
    }
  }
)

self.addEventListener('install', () => {
  void self.skipWaiting()
})
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

/**
 * The app's offline copies are written here (a 'keep-copy' message from
 * lib/offline.ts), not in the page: a full load or a closed tab in the
 * middle of the page's own write lost the copy, old and new, since
 * Chromium drops the entry a write was replacing. Here the write outlives
 * the page. Writes and clearing run one at a time, in the order they were
 * asked: a sign-out's clearing comes after every copy kept before it.
 */
let inOrder: Promise<unknown> = Promise.resolve()
function next(task: () => Promise<unknown>) {
  const run = inOrder.then(task).catch(() => undefined)
  inOrder = run
  return run
}

self.addEventListener('message', (event) => {
  const data = event.data
  if (data?.type === 'keep-copy') {
    const { cache, path, copy, head } = data as Record<string, unknown>
    if (
      typeof cache !== 'string' ||
      !cache.startsWith(PAGES_CACHE_PREFIX) ||
      typeof path !== 'string' ||
      !path.startsWith('/') ||
      typeof copy !== 'string' ||
      typeof head !== 'string'
    )
      return
    event.waitUntil(next(async () => writeCopy(await caches.open(cache), path, copy, head)))
    return
  }
  if (data?.type !== 'clear-caches') return
  event.waitUntil(
    next(() =>
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name))
          )
        )
    ).then(() => event.ports[0]?.postMessage('cleared'))
  )
})

/** Only a path of this app: a payload never sends the browser elsewhere. */
function safePath(value: unknown) {
  if (typeof value !== 'string') return '/'
  try {
    const url = new URL(value, self.location.origin)
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/'
  } catch {
    return '/'
  }
}

self.addEventListener('push', (event) => {
  let data: { title?: unknown; url?: unknown } = {}
  try {
    data = event.data?.json() ?? {}
  } catch {
    data = {}
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Huddle'
  const url = safePath(data.url)
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: url,
      data: { url },
      icon: '/favicon.svg',
      badge: '/favicon.svg',
    })
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = safePath(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        await open.focus()
        await open.navigate(url).catch(() => self.clients.openWindow(url))
        return
      }
      await self.clients.openWindow(url)
    })()
  )
})
