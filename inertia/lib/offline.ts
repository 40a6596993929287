/**
 * Offline reading and the outbox (issue 15 §1), loaded lazily once a
 * signed-in page has loaded: nothing here is part of the first load.
 *
 * Offline copies. After each visit to the feed, the notifications, the
 * conversations or one conversation, the page object the server sent is
 * kept in this browser's Cache Storage, in `huddle-pages-<user id>` (the
 * last 10 conversations), with the page's <head> (the app's scripts and
 * styles) so that the service worker can serve a copy on a full load too
 * (inertia/sw/sw.ts). A copy is shown only when the network fails (an
 * Inertia visit's network error here, a failed navigation in the worker),
 * marked "You're offline — showing what you saw at 14:02"; back online the
 * page reloads from the server. The caches go on sign-out and on a user
 * switch (lib/pwa.ts clearCaches: every cache but the precache).
 *
 * The outbox. What waits in lib/outbox.ts is sent when the connection
 * returns (and on load), oldest first, each with its Idempotency-Key: the
 * server answers a replay with the first row, so it is never sent twice.
 * An item's files come from IndexedDB (lib/outbox_files.ts) and go from
 * there once it is sent.
 */
import { router } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import { readOutbox, removeFromOutbox, type OutboxItem } from '~/lib/outbox'
import { deleteOutboxFiles, readOutboxFiles } from '~/lib/outbox_files'
import type { PendingVisit, Page } from '@inertiajs/core'
import { offlineCopySavedAt, setOfflineCopy } from '~/lib/offline_state'
import { COPY_PREFIX, PAGES_CACHE_PREFIX, writeCopy } from '~/lib/offline_copies'

/** The pages kept for offline reading, by component. */
const KEPT = new Set(['Home', 'Homepage/Notifications', 'Messages/Index', 'Messages/Show'])

type Copy = { page: Page; savedAt: number }
type VisitInfo = { url: string; method: string; partial: boolean }

/** A visit as followed here: a partial reload, deferred or background request is `partial`. */
function visitInfo(visit: PendingVisit): VisitInfo {
  return {
    url: visit.url.toString(),
    method: String(visit.method).toLowerCase(),
    partial: Boolean(visit.only.length || visit.except.length || visit.async),
  }
}

let started: number | null = null
/** Paths with a copy (listCopies at start, then each copy saved). */
const copies = new Set<string>()
let pendingVisit: VisitInfo | null = null
let showing = false
/** A full load of a copy was asked for: nothing more is started on this page. */
let leaving = false

function cacheName(userId: number) {
  return `${PAGES_CACHE_PREFIX}${userId}`
}

function pathOf(url: string) {
  try {
    return new URL(url, location.origin).pathname
  } catch {
    return url.split('?')[0]
  }
}

async function openCache(userId: number) {
  if (typeof caches === 'undefined') return null
  try {
    return await caches.open(cacheName(userId))
  } catch {
    return null
  }
}

/** The app's <head> without inline scripts (the worker's copy has no nonce for them). */
function headHtml() {
  const head = document.head.cloneNode(true) as HTMLHeadElement
  for (const script of head.querySelectorAll('script')) {
    const json = script.getAttribute('type') === 'application/json'
    if (!json && !script.getAttribute('src')) script.remove()
  }
  head.querySelector('meta[name="huddle-offline-copy"]')?.remove()
  return head.innerHTML
}

/** Saves in flight, awaited by stopOffline (a late save would outlive the sign-out's clearing). */
const saving = new Set<Promise<void>>()
let stopped = false

function saveCopy(userId: number, page: Page) {
  if (stopped) return Promise.resolve()
  const save = saveCopyNow(userId, page)
  saving.add(save)
  void save.finally(() => saving.delete(save))
  return save
}

/**
 * Before signing out (lib/pwa.ts): nothing more is kept in this tab, and
 * what is being kept has landed (or is with the worker, which clears after it).
 */
export async function stopOffline() {
  stopped = true
  await Promise.allSettled([...saving])
}

async function saveCopyNow(userId: number, page: Page) {
  if (stopped || !KEPT.has(page.component) || showing) return
  const path = pathOf(page.url)
  const copy: Copy = { page, savedAt: Date.now() }
  // The service worker writes it (sw.ts 'keep-copy'): a full load or a
  // closed tab in the middle of a write here loses the copy, old and new.
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller
  if (worker && typeof caches !== 'undefined') {
    try {
      worker.postMessage({
        type: 'keep-copy',
        cache: cacheName(userId),
        path,
        copy: JSON.stringify(copy),
        head: headHtml(),
      })
      copies.add(path)
    } catch {
      // Not cloneable or no worker after all: no copy, as before.
    }
    return
  }
  const cache = await openCache(userId)
  if (!cache) return
  try {
    const dropped = await writeCopy(cache, path, JSON.stringify(copy), headHtml())
    copies.add(path)
    for (const gone of dropped) copies.delete(gone)
  } catch {
    // Storage full or refused: no copy, as before.
  }
}

async function readCopy(cache: Cache, request: RequestInfo) {
  const response = await cache.match(request)
  if (!response) return null
  return (await response.json().catch(() => null)) as Copy | null
}

async function showCopy(userId: number, url: string) {
  const cache = await openCache(userId)
  const copy = cache ? await readCopy(cache, COPY_PREFIX + pathOf(url)) : null
  if (!copy) return false
  showing = true
  router.push({
    url: copy.page.url,
    component: copy.page.component,
    props: copy.page.props,
    preserveScroll: false,
    preserveState: false,
  })
  setOfflineCopy(copy.savedAt)
  return true
}

async function send(userId: number, item: OutboxItem) {
  const token = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)?.[1]
  const body = new FormData()
  for (const [name, value] of Object.entries(item.fields)) body.append(name, value)
  if (item.files) {
    const files = await readOutboxFiles(userId, item.key)
    if (!files || files.length !== item.files) {
      return {
        ok: false as const,
        keep: false,
        message: 'its files were no longer kept in this browser.',
      }
    }
    for (const file of files) body.append('files[]', file)
  }
  const response = await fetch(item.url, {
    method: 'POST',
    credentials: 'same-origin',
    // A post answers with a redirect to it: that is the success.
    redirect: 'manual',
    headers: {
      'Accept': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Idempotency-Key': item.key,
      ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
    },
    body,
  })
  if (response.type === 'opaqueredirect' || response.ok) return { ok: true as const }
  let message = 'It could not be sent.'
  try {
    const data = (await response.json()) as {
      errors?: { message?: string }[]
      message?: string
    }
    message = data.errors?.[0]?.message ?? data.message ?? message
  } catch {}
  // A server error may pass: it stays for the next try. A refusal does not.
  return { ok: false as const, keep: response.status >= 500 || response.status === 429, message }
}

let flushing: Promise<void> | null = null

/** Sends what waits in the outbox, oldest first; stops at the first network failure. */
export function flushOutbox(userId: number) {
  if (flushing) return flushing
  const run = async () => {
    let sent = 0
    for (const item of readOutbox(userId)) {
      if (navigator.onLine === false) break
      let result: Awaited<ReturnType<typeof send>>
      try {
        result = await send(userId, item)
      } catch {
        break // No network after all: it waits.
      }
      if (result.ok) {
        removeFromOutbox(userId, item.key)
        if (item.files) await deleteOutboxFiles(item.key)
        sent += 1
      } else if (!result.keep) {
        removeFromOutbox(userId, item.key)
        if (item.files) await deleteOutboxFiles(item.key)
        toast.error(`${item.label} was not sent: ${result.message}`)
      } else break
    }
    if (sent > 0) {
      toast.success(
        sent === 1 ? 'Sent what was waiting in your outbox.' : `Sent ${sent} waiting items.`
      )
      router.reload()
    }
  }
  // One tab at a time (the key makes a second sending harmless anyway).
  const locked: Promise<void> =
    'locks' in navigator
      ? navigator.locks.request(`huddle-outbox-${userId}`, () => run()).then(() => undefined)
      : run()
  const current = locked.finally(() => {
    if (flushing === current) flushing = null
  })
  flushing = current
  return current
}

/** Called once per signed-in tab with the page it opened on. */
export async function startOffline(userId: number, page: Page) {
  if (started === userId) return
  started = userId
  // The handlers first, before anything is awaited: a visit that fails in
  // the first moments offline (a click as soon as the copy shows) is
  // answered once the list of copies is known.
  const known = listCopies(userId)
  router.on('start', (event) => {
    const next = visitInfo(event.detail.visit)
    // A background request started while a page visit is in flight (the
    // bell's reload when the socket drops) must not take its place: the
    // visit's network error still has to find its copy.
    if (next.partial && pendingVisit && !pendingVisit.partial) return
    showing = false
    pendingVisit = next
  })
  router.on('finish', (event) => {
    if (pendingVisit?.url === event.detail.visit.url.toString()) pendingVisit = null
  })
  // A page the server just sent (not Inertia's own `navigate` event, which
  // also fires for the first page on boot, possibly after this registered,
  // and for history entries): no longer a copy, and the new copy to keep.
  router.on('success', (event) => {
    showing = false
    setOfflineCopy(null)
    void saveCopy(userId, event.detail.page)
  })
  router.on('networkError', () => {
    answerNetworkError(userId, pendingVisit, known)
    return false
  })
  // Back from the back-forward cache after a full load of a copy was asked
  // for: this page is live again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return
    leaving = false
    replaceCopy()
  })
  window.addEventListener('online', () => {
    void flushOutbox(userId)
    // Never stale when online: a copy on screen is replaced by the page itself.
    replaceCopy()
  })
  await known
  if (offlineCopySavedAt() === null) await saveCopy(userId, page)
  if (navigator.onLine !== false) {
    replaceCopy()
    if (readOutbox(userId).length) void flushOutbox(userId)
  }
}

/**
 * A visit failed for want of network: its copy (a full load, so that the
 * service worker boots the app on it) or a note that there is none. The
 * page on screen stays as it is when the failure was its own (a copy's
 * deferred props cannot load).
 */
function answerNetworkError(userId: number, visit: VisitInfo | null, known: Promise<void>) {
  if (visit?.partial || (visit && pathOf(visit.url) === location.pathname)) return
  void known.then(() => {
    if (visit?.method === 'get' && copies.has(pathOf(visit.url))) {
      // With the service worker, a full load gets the whole page object
      // (scroll and deferred props included); without it, the props alone.
      if (navigator.serviceWorker?.controller) {
        leaving = true
        window.location.assign(visit.url)
      } else void showCopy(userId, visit.url)
    } else {
      toast.error('You’re offline: this page was not saved for offline reading.')
    }
  })
}

/** Fills `copies` with the paths kept for this person. */
async function listCopies(userId: number) {
  const cache = await openCache(userId)
  const saved = cache ? await cache.keys() : []
  for (const request of saved) {
    const path = new URL(request.url).pathname
    if (path.startsWith(COPY_PREFIX)) copies.add(path.slice(COPY_PREFIX.length) || '/')
  }
}

/**
 * Reloads the page over a copy on screen once the connection is back. The
 * `online` event may come a moment before requests go through (seen in
 * Chromium): a failed try is retried, 1, 2, 4, 8 s later.
 */
function replaceCopy(attempt = 0) {
  // A page visit in flight replaces the copy itself if it goes through: no
  // reload beside it.
  if (offlineCopySavedAt() === null || navigator.onLine === false || leaving) return
  if (pendingVisit && !pendingVisit.partial) {
    setTimeout(() => replaceCopy(attempt), 1000)
    return
  }
  router.reload({
    onNetworkError: () => {
      if (attempt < 4) setTimeout(() => replaceCopy(attempt + 1), 1000 * 2 ** attempt)
      return false
    },
  })
}
