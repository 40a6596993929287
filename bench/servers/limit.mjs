// The "limit" of the home feed's work: bare node:http + better-sqlite3 and
// hand-written SQL returning the same `posts` JSON as the app's Home page
// (20 cards with author, counts, viewer-has-liked/shared, originals of
// shares and media), under the same visibility rule. The viewer comes from
// `?viewer=<id>` (one users lookup stands in for the session); no
// middleware, no ORM, no Inertia. Parameters are written `+?` / `+@name`,
// as the app's statement cache does (app/services/sqlite_statement_cache.ts):
// a bare parameter lets SQLite recompile the statement on every run.
import http from 'node:http'
import Database from 'better-sqlite3'

const db = new Database(process.env.DATABASE_PATH, { readonly: true })
db.exec('PRAGMA journal_mode = WAL')

const VISIBLE = (t) => `${t}.deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM users va WHERE va.id = ${t}.author_id AND va.is_active = 1 AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL)
  AND (${t}.status = 'published' OR ${t}.author_id = +@viewer)
  AND ${t}.audience IN ('team', 'public')
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = +@viewer AND b.blocked_id = ${t}.author_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${t}.author_id AND b.blocked_id = +@viewer)`

const CARD = (
  hint = ''
) => `SELECT p.id, p.author_id, p.body_html, p.audience, p.status, p.created_at, p.published_at, p.updated_at,
    p.shared_post_id, p.likes_count, p.comments_count, p.shares_count, p.media_count,
    u.full_name, u.username, u.avatar_key,
    EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = +@viewer) AS liked,
    EXISTS (SELECT 1 FROM posts s WHERE s.author_id = +@viewer AND s.deleted_at IS NULL
            AND s.shared_post_id = COALESCE(p.shared_post_id, p.id)) AS shared
  FROM posts p ${hint} JOIN users u ON u.id = p.author_id`

const viewerStmt = db.prepare('SELECT id, role FROM users WHERE id = +?')
// NOT INDEXED as in the app's feeds (app/queries/feeds/feeds.ts): without
// statistics SQLite would sort every published post through the
// (status, audience) index.
const feedStmt = db.prepare(`${CARD('NOT INDEXED')}
  WHERE ${VISIBLE('p')} AND p.status = 'published'
    AND (p.shared_post_id IS NULL OR EXISTS (SELECT 1 FROM posts o WHERE o.id = p.shared_post_id AND ${VISIBLE('o')}))
    AND (+@cursor IS NULL OR p.id < +@cursor)
  ORDER BY p.id DESC LIMIT 21`)
const originalsCache = new Map()
const originalsStmt = (n) => {
  if (!originalsCache.has(n)) {
    originalsCache.set(
      n,
      db.prepare(`${CARD()} WHERE ${VISIBLE('p')} AND p.id IN (${Array(n).fill('+?').join(',')})`)
    )
  }
  return originalsCache.get(n)
}
const mediaCache = new Map()
const mediaStmt = (n) => {
  if (!mediaCache.has(n)) {
    mediaCache.set(
      n,
      db.prepare(`SELECT id, post_id, kind, width, height, original_name FROM media
      WHERE post_id IN (${Array(n).fill('+?').join(',')}) ORDER BY post_id, position, id`)
    )
  }
  return mediaCache.get(n)
}

const iso = (s) => (s ? s.replace(' ', 'T') + '.000+00:00' : null)
const initials = (name) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
const author = (r) => ({
  id: r.author_id,
  username: r.username,
  fullName: r.full_name,
  initials: initials(r.full_name),
  avatarUrl: r.avatar_key ? `/avatars/${r.author_id}` : null,
})
const mediaJson = (m) => ({
  id: m.id,
  kind: m.kind,
  width: m.width,
  height: m.height,
  name: m.original_name,
  url: `/media/${m.id}/original`,
  displayUrl: `/media/${m.id}/display`,
  thumbUrl: `/media/${m.id}/thumb`,
})

function feed(viewerId, cursor) {
  const viewer = viewerStmt.get(viewerId)
  if (!viewer) return null
  const params = { viewer: viewer.id, cursor }
  const rows = feedStmt.all(params)
  const page = rows.slice(0, 20)
  const originalIds = [
    ...new Set(page.filter((r) => r.shared_post_id).map((r) => r.shared_post_id)),
  ]
  const originals = new Map()
  if (originalIds.length) {
    for (const r of originalsStmt(originalIds.length).all(params, ...originalIds))
      originals.set(r.id, r)
  }
  const withMedia = [...page, ...originals.values()]
    .filter((r) => r.media_count > 0)
    .map((r) => r.id)
  const media = new Map()
  if (withMedia.length) {
    for (const m of mediaStmt(withMedia.length).all(...withMedia)) {
      if (!media.has(m.post_id)) media.set(m.post_id, [])
      media.get(m.post_id).push(mediaJson(m))
    }
  }
  const counts = (r) => ({
    likes: r.likes_count,
    comments: r.comments_count,
    shares: r.shares_count,
  })
  const data = page.map((r) => {
    const o = r.shared_post_id ? originals.get(r.shared_post_id) : null
    const mine = r.author_id === viewer.id
    return {
      id: r.id,
      author: author(r),
      bodyHtml: r.body_html,
      audience: r.audience,
      status: r.status,
      createdAt: iso(r.created_at),
      publishedAt: iso(r.published_at),
      edited: r.updated_at !== r.created_at,
      media: media.get(r.id) ?? [],
      isShare: r.shared_post_id !== null,
      original: o
        ? {
            id: o.id,
            author: author(o),
            bodyHtml: o.body_html,
            audience: o.audience,
            createdAt: iso(o.created_at),
            publishedAt: iso(o.published_at),
            media: media.get(o.id) ?? [],
            counts: counts(o),
          }
        : null,
      counts: counts(r),
      liked: r.liked === 1,
      can: {
        edit: mine,
        delete: mine || viewer.role === 'admin',
        like: true,
        comment: true,
        share: !r.shared,
      },
    }
  })
  return {
    data,
    cursor: cursor === null ? null : String(cursor),
    nextCursor: rows.length > 20 ? String(page[page.length - 1].id) : null,
  }
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  const result = feed(
    Number(url.searchParams.get('viewer') ?? 10),
    url.searchParams.get('cursor') ? Number(url.searchParams.get('cursor')) : null
  )
  const body = Buffer.from(
    JSON.stringify({ component: 'Home', url: '/', props: { posts: result } })
  )
  res.writeHead(result ? 200 : 404, {
    'content-type': 'application/json',
    'content-length': body.length,
  })
  res.end(body)
})
server.listen(Number(process.env.PORT ?? 3443), process.env.HOST ?? '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
