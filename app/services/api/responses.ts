import type { HttpContext } from '@adonisjs/core/http'

/**
 * A read of the public API: JSON with an ETag (a hash of the body); a
 * request whose If-None-Match matches gets 304 and no body. Private to the
 * token's owner: `Cache-Control: private, no-cache` (revalidate each time).
 */
export function sendRead(ctx: HttpContext, body: unknown) {
  const json = JSON.stringify(body)
  ctx.response.header('Cache-Control', 'private, no-cache')
  ctx.response.header('Vary', 'Authorization')
  ctx.response.setEtag(json)
  if (ctx.response.fresh()) {
    ctx.response.status(304)
    return ctx.response.send('')
  }
  ctx.response.header('Content-Type', 'application/json; charset=utf-8')
  return ctx.response.send(json)
}

/**
 * A page of a list: `{ data, links: { next } }`, `next` being this very URL
 * with `cursor` set to the next page's (null at the end); also as a
 * `Link: <…>; rel="next"` header. `extra`: fields of the page beside them.
 */
export function sendPage<T>(
  ctx: HttpContext,
  data: T[],
  nextCursor: string | number | null,
  extra: Record<string, unknown> = {}
) {
  const next = nextCursor === null ? null : withCursor(ctx, String(nextCursor))
  if (next) ctx.response.header('Link', `<${next}>; rel="next"`)
  return sendRead(ctx, { data, ...extra, links: { next } })
}

function withCursor(ctx: HttpContext, cursor: string) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(ctx.request.qs())) {
    if (key === 'cursor' || typeof value !== 'string') continue
    query.set(key, value)
  }
  query.set('cursor', cursor)
  return `${ctx.request.url()}?${query.toString()}`
}
