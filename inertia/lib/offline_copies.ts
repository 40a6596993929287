/**
 * How an offline copy is written into a person's cache (`huddle-pages-<user
 * id>`), shared by the service worker (sw.ts, which writes them when it
 * controls the page) and lib/offline.ts (which writes them itself when no
 * worker does): the page object at COPY_PREFIX + path, the app's <head> at
 * HEAD_KEY, and only the last MAX_CONVERSATIONS conversations.
 */
export const PAGES_CACHE_PREFIX = 'huddle-pages-'
export const COPY_PREFIX = '/__offline/page'
export const HEAD_KEY = '/__offline/head'
const MAX_CONVERSATIONS = 10

/** Writes one copy (COPY: its JSON text) and the head; returns the paths of conversations dropped. */
export async function writeCopy(cache: Cache, path: string, copy: string, head: string) {
  await cache.put(
    COPY_PREFIX + path,
    new Response(copy, { headers: { 'Content-Type': 'application/json' } })
  )
  await cache.put(
    HEAD_KEY,
    new Response(head, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  )
  return path.startsWith('/messages/') ? pruneConversations(cache) : []
}

/** Only the last MAX_CONVERSATIONS conversations are kept. */
async function pruneConversations(cache: Cache) {
  const all = await cache.keys()
  const keys = all.filter((request) =>
    new URL(request.url).pathname.startsWith(`${COPY_PREFIX}/messages/`)
  )
  if (keys.length <= MAX_CONVERSATIONS) return []
  const dated = await Promise.all(
    keys.map(async (request) => {
      const response = await cache.match(request)
      const copy = (await response?.json().catch(() => null)) as { savedAt?: number } | null
      return { request, savedAt: Number(copy?.savedAt ?? 0) }
    })
  )
  dated.sort((a, b) => b.savedAt - a.savedAt)
  const dropped: string[] = []
  for (const { request } of dated.slice(MAX_CONVERSATIONS)) {
    await cache.delete(request)
    dropped.push(new URL(request.url).pathname.slice(COPY_PREFIX.length))
  }
  return dropped
}
