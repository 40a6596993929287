import db from '@adonisjs/lucid/services/db'
import Post from '#models/post'
import { applyVisibility, whereNotBlockedWith, type Viewer } from '#queries/feeds/visible_posts'
import { BadCursorException, parseIdCursor, splitPage } from '#queries/feeds/cursor'
import { dbInstant, type Instant } from '#services/db/db_time'
import type { PersonRecord } from '#queries/people/profiles'
import { flushPostSearchIndex } from '#services/post_search_index'
import { escapeLike, ftsMatch, namesMatch, pgTsQuery } from '#queries/search/search_terms'
import { templateRows } from '#services/db/query_templates'

/**
 * Homepage/Search (PRODUCT §8): people by name / username and posts by
 * full text, and the team directory for an empty query.
 *
 * Posts: the full-text index only — SQLite FTS5 (posts_fts, kept in sync
 * with posts.body_text by the triggers of migrations 0035 and 0080, new
 * posts in batches flushed before every search) or PostgreSQL's
 * posts.search_vector (generated column, GIN index) — never a LIKE over
 * bodies. Published posts passing THE visibility rule (applyVisibility),
 * newest first, keyset on the post id: one query per page.
 *
 * People: usable team accounts (members and admins whose accounts are
 * active, approved, verified, not deleted or scheduled for deletion),
 * without anyone on either side of a block with the viewer. One query
 * per page; on SQLite the words go through the names index (users_fts,
 * migration 0124), on PostgreSQL through LIKE on the lower-cased name.
 */
export const SEARCH_PAGE_SIZE = 20
export const PEOPLE_PAGE_SIZE = 20
export const DIRECTORY_SORTS = ['name', 'active', 'newest'] as const
export type DirectorySort = (typeof DIRECTORY_SORTS)[number]

/** A post found (PostResultTransformer shapes it, with the highlighted snippet). */
export interface PostResult {
  id: number
  author: PersonRecord
  bodyText: string
  isShare: boolean
  mediaCount: number
  likes: number
  comments: number
  /** Published (or, never published, created) at. */
  createdAt: Instant | null
}

/** A row of the posts search query (SQLite text or PostgreSQL Date timestamps). */
interface SearchRow {
  id: number
  author_id: number
  body_text: string | null
  shared_post_id: number | null
  media_count: number
  likes_count: number
  comments_count: number
  created_at: unknown
  published_at: unknown
  result_author__full_name: string
  result_author__username: string
  result_author__avatar_key: string | null
}

export interface Page<T> {
  data: T[]
  cursor: string | null
  nextCursor: string | null
}

function isPostgres() {
  return db.connection().dialect.name === 'postgres'
}

export async function searchPosts(
  viewer: Viewer,
  terms: string[],
  rawCursor?: unknown,
  size = SEARCH_PAGE_SIZE
): Promise<Page<PostResult>> {
  const cursor = parseIdCursor(rawCursor)
  const page = { data: [], cursor: cursor === null ? null : String(cursor), nextCursor: null }
  const postgres = isPostgres()
  const expression = postgres ? pgTsQuery(terms) : ftsMatch(terms)
  if (!expression) return page
  // SQLite: posts created since the last batch enter the index first (migration 0080).
  if (!postgres) await flushPostSearchIndex()

  const build = (forViewer: Viewer, match: string, after: number | null) => {
    const query = Post.query()
      .select(
        'posts.id',
        'posts.author_id',
        'posts.body_text',
        'posts.shared_post_id',
        'posts.media_count',
        'posts.likes_count',
        'posts.comments_count',
        'posts.created_at',
        'posts.published_at'
      )
      .join('users as result_author', 'result_author.id', 'posts.author_id')
      .select(
        'result_author.full_name as result_author__full_name',
        'result_author.username as result_author__username',
        'result_author.avatar_key as result_author__avatar_key'
      )
      .where('posts.status', 'published')
    if (postgres) {
      query.whereRaw(`posts.search_vector @@ to_tsquery('simple', ?)`, [match])
      if (after !== null) query.where('posts.id', '<', after)
      query.orderBy('posts.id', 'desc')
    } else {
      // FTS5 walks its index newest first (ORDER BY rowid DESC) and stops at the page size.
      query.joinRaw('INNER JOIN posts_fts ON posts_fts.rowid = posts.id')
      query.whereRaw('posts_fts MATCH ?', [match])
      if (after !== null) query.whereRaw('posts_fts.rowid < ?', [after])
      query.orderByRaw('posts_fts.rowid DESC')
    }
    applyVisibility(query, forViewer)
    return query.limit(size + 1)
  }
  // Plain rows, as the feeds read cards: hydrating 21 Post models was ~12%
  // of a search request's CPU (npm run bench:profile -- S6). The query is
  // compiled once per shape (app/services/db/query_templates.ts).
  const rows = ((await templateRows(
    `search|${viewer.role}|${size}|${cursor === null ? 'first' : 'next'}`,
    (slots) =>
      build(
        { id: slots.viewer, role: viewer.role },
        slots.text,
        cursor === null ? null : slots.cursor
      ),
    cursor === null
      ? { viewer: viewer.id, text: expression }
      : { viewer: viewer.id, text: expression, cursor }
  )) ?? (await build(viewer, expression, cursor).pojo<SearchRow>())) as SearchRow[]
  const { items, hasMore } = splitPage(rows, size)
  return {
    data: items.map((row) => ({
      id: Number(row.id),
      author: {
        id: Number(row.author_id),
        fullName: row.result_author__full_name,
        username: row.result_author__username,
        avatarKey: row.result_author__avatar_key,
      },
      bodyText: row.body_text ?? '',
      isShare: row.shared_post_id !== null,
      mediaCount: Number(row.media_count),
      likes: Number(row.likes_count),
      comments: Number(row.comments_count),
      createdAt: dbInstant(row.published_at ?? row.created_at),
    })),
    cursor: page.cursor,
    nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
  }
}

/** A person found, with their activity counters (PersonResultTransformer shapes it). */
export interface PersonResult {
  person: PersonRecord
  postsCount: number
  commentsCount: number
}

/** A people cursor: base64url of a JSON [sort key, id]. */
function encodeCursor(key: string | number, id: number) {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url')
}

function decodeCursor(raw: unknown, kind: 'string' | 'number'): [string | number, number] | null {
  if (raw === undefined || raw === null || raw === '') return null
  if (typeof raw !== 'string' || raw.length > 400 || !/^[\w-]+$/.test(raw)) {
    throw new BadCursorException()
  }
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (kind === 'string' ? typeof value[0] === 'string' : typeof value[0] === 'number') &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0 &&
      (kind === 'string' || Number.isSafeInteger(value[0]))
    ) {
      return [value[0], value[1]]
    }
  } catch {
    // falls through to the 400
  }
  throw new BadCursorException()
}

/** A people page's keyset position: [sort key, id] (the id alone for `newest`). */
type PeopleCursor = [string | number, number]

function idCursor(id: number | null): PeopleCursor | null {
  return id === null ? null : [id, id]
}

const ACTIVITY = '(people.posts_count + people.comments_count)'

/**
 * People matching `raw` (every word must start a word of the name or of
 * the username; "@ana" works too; on SQLite accents and case are ignored
 * and "Jean-Luc" is two words), or with no words the whole team directory
 * in the chosen order. Keyset cursor on the sort key + id.
 */
export async function searchPeople(
  viewer: Viewer,
  raw: string,
  sort: DirectorySort,
  rawCursor?: unknown,
  size = PEOPLE_PAGE_SIZE
): Promise<Page<PersonResult>> {
  const words = raw
    .slice(0, 200)
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^@+/, ''))
    .filter(Boolean)
    .slice(0, 8)
  // The names index on SQLite (migration 0124): no read of every user.
  const names = words.length && !isPostgres() ? namesMatch(words) : null
  const cursor: PeopleCursor | null =
    sort === 'newest'
      ? idCursor(parseIdCursor(rawCursor))
      : decodeCursor(rawCursor, sort === 'active' ? 'number' : 'string')
  const cursorOut =
    cursor === null ? null : sort === 'newest' ? String(cursor[1]) : encodeCursor(...cursor)

  const build = (viewerId: number, match: string | null) => {
    const query = db
      .from('users as people')
      .select(
        'people.id',
        'people.full_name',
        'people.username',
        'people.avatar_key',
        'people.posts_count',
        'people.comments_count'
      )
      .whereIn('people.role', ['member', 'admin'])
      .where('people.is_active', true)
      .where('people.approval_status', 'approved')
      .whereNotNull('people.email_verified_at')
      .whereNull('people.deleted_at')
      .whereNull('people.deletion_requested_at')
    whereNotBlockedWith(query, viewerId, 'people.id')
    if (match !== null) {
      query.whereRaw('people.id IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ?)', [match])
    } else {
      for (const word of words) {
        const like = escapeLike(word)
        query.where((anyOf) => {
          anyOf
            .whereRaw(`LOWER(people.full_name) LIKE ? ESCAPE '\\'`, [`${like}%`])
            .orWhereRaw(`LOWER(people.full_name) LIKE ? ESCAPE '\\'`, [`% ${like}%`])
            .orWhereRaw(`LOWER(people.username) LIKE ? ESCAPE '\\'`, [`${like}%`])
        })
      }
    }
    if (sort === 'active') {
      query.select(db.raw(`${ACTIVITY} AS sort_key`))
      if (cursor) {
        query.where((keyset) => {
          keyset
            .whereRaw(`${ACTIVITY} < ?`, [cursor[0]])
            .orWhere((tie) =>
              tie.whereRaw(`${ACTIVITY} = ?`, [cursor[0]]).where('people.id', '>', cursor[1])
            )
        })
      }
      query.orderByRaw(`${ACTIVITY} DESC`).orderBy('people.id', 'asc')
    } else if (sort === 'newest') {
      if (cursor) query.where('people.id', '<', cursor[1])
      query.orderBy('people.id', 'desc')
    } else {
      query.select(db.raw('LOWER(people.full_name) AS sort_key'))
      if (cursor) {
        query.where((keyset) => {
          keyset
            .whereRaw('LOWER(people.full_name) > ?', [cursor[0]])
            .orWhere((tie) =>
              tie
                .whereRaw('LOWER(people.full_name) = ?', [cursor[0]])
                .where('people.id', '>', cursor[1])
            )
        })
      }
      query.orderByRaw('LOWER(people.full_name) ASC').orderBy('people.id', 'asc')
    }
    return query.limit(size + 1)
  }

  // A first page (the search as someone types, the directory as it opens)
  // runs from a template compiled once per shape (app/services/db/
  // query_templates.ts): building and compiling it with knex was ~8% of a
  // search request (npm run bench:profile -- S6). Later pages, and words
  // matched with LIKE on PostgreSQL, are built each time.
  const templated = cursor === null && (words.length === 0 || names !== null)
  const rows: any[] =
    (templated
      ? await templateRows(
          `people|${sort}|${size}|${names === null ? 'all' : 'names'}`,
          (slots) => build(slots.viewer, names === null ? null : slots.text),
          names === null ? { viewer: viewer.id } : { viewer: viewer.id, text: names }
        )
      : null) ?? (await build(viewer.id, names))
  const { items, hasMore } = splitPage(rows, size)
  const last = items[items.length - 1]
  let nextCursor: string | null = null
  if (hasMore && last) {
    nextCursor =
      sort === 'newest'
        ? String(last.id)
        : encodeCursor(sort === 'active' ? Number(last.sort_key) : String(last.sort_key), last.id)
  }
  return {
    data: items.map((row: any) => ({
      person: {
        id: row.id,
        fullName: row.full_name,
        username: row.username,
        avatarKey: row.avatar_key,
      },
      postsCount: Number(row.posts_count),
      commentsCount: Number(row.comments_count),
    })),
    cursor: cursorOut,
    nextCursor,
  }
}
