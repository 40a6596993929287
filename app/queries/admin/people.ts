import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import User from '#models/user'
import { BadCursorException } from '#queries/feeds/cursor'

/**
 * The admin people lists (Users/UserList, Users/AdminList): searched by
 * name, username or e-mail, filtered by role and state, sorted by name,
 * post count or newest, keyset-paginated (a cursor is the last row's sort
 * value and id: no OFFSET, a page costs the same wherever it is). Purged
 * accounts are left out.
 */
export const PEOPLE_PER_PAGE = 25
export const PEOPLE_SORTS = ['newest', 'name', 'posts'] as const
export type PeopleSort = (typeof PEOPLE_SORTS)[number]
export const PEOPLE_STATES = ['all', 'active', 'blocked', 'pending', 'deletion'] as const
export type PeopleState = (typeof PEOPLE_STATES)[number]
export const PEOPLE_ROLES = ['all', 'member', 'external'] as const
export type PeopleRole = (typeof PEOPLE_ROLES)[number]

export interface PeopleFilters {
  q: string
  role: PeopleRole
  state: PeopleState
  sort: PeopleSort
  dir: 'asc' | 'desc'
}

/** `value` when it is one of `allowed`, else `fallback` (query-string values as typed by people). */
export function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

/** Query-string values as typed by people: unknown ones fall back to the defaults. */
export function normalisePeopleFilters(qs: Record<string, unknown>): PeopleFilters {
  const sort = pick(PEOPLE_SORTS, qs.sort, 'newest')
  const defaultDir = sort === 'name' ? 'asc' : 'desc'
  return {
    q: typeof qs.q === 'string' ? qs.q.trim().slice(0, 100) : '',
    role: pick(PEOPLE_ROLES, qs.role, 'all'),
    state: pick(PEOPLE_STATES, qs.state, 'all'),
    sort,
    dir: pick(['asc', 'desc'] as const, qs.dir, defaultDir),
  }
}

/** LIKE pattern matching `q` anywhere, with LIKE's wildcards escaped. */
function containsPattern(q: string) {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Accounts whose name, username or e-mail contains `q` (the admin lists' search box). */
export function whereAccountMatches(
  query: ModelQueryBuilderContract<typeof User, User>,
  q: string
) {
  const pattern = containsPattern(q)
  return query.where((sub) => {
    sub
      .whereRaw(`lower(full_name) like ? escape '\\'`, [pattern])
      .orWhereRaw(`username like ? escape '\\'`, [pattern])
      .orWhereRaw(`email like ? escape '\\'`, [pattern])
  })
}

type CursorValue = string | number

/** "<base64url of [sortValue, id]>"; absent → null; anything malformed → 400. */
export function parsePeopleCursor(raw: unknown, sort: PeopleSort): [CursorValue, number] | null {
  if (raw === undefined || raw === null || raw === '') return null
  if (typeof raw !== 'string' || raw.length > 400) throw new BadCursorException()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    throw new BadCursorException()
  }
  if (!Array.isArray(value) || value.length !== 2) throw new BadCursorException()
  const [key, id] = value
  if (!Number.isSafeInteger(id) || id < 1) throw new BadCursorException()
  const keyOk =
    sort === 'name' ? typeof key === 'string' && key.length <= 200 : Number.isSafeInteger(key)
  if (!keyOk) throw new BadCursorException()
  return [key, id]
}

function cursorOf(user: User, sort: PeopleSort) {
  const key =
    sort === 'name' ? user.fullName.toLowerCase() : sort === 'posts' ? user.postsCount : user.id
  return Buffer.from(JSON.stringify([key, user.id]), 'utf8').toString('base64url')
}

const SORT_SQL: Record<PeopleSort, string> = {
  newest: 'users.id',
  name: 'lower(users.full_name)',
  posts: 'users.posts_count',
}

export async function listPeople(
  scope: 'people' | 'admins' | 'everyone',
  filters: PeopleFilters,
  cursor: [CursorValue, number] | null
) {
  const query = User.query().whereNull('deleted_at')
  // `everyone`: every role (the public API's list without `role`).
  if (scope === 'admins') query.where('role', 'admin')
  else if (scope === 'people' && filters.role === 'all')
    query.whereIn('role', ['member', 'external'])
  else if (scope === 'people') query.where('role', filters.role)

  if (filters.state === 'active') {
    query
      .where('is_active', true)
      .where('approval_status', 'approved')
      .whereNull('deletion_requested_at')
  } else if (filters.state === 'blocked') {
    query.where('is_active', false)
  } else if (filters.state === 'pending') {
    query.where('approval_status', 'pending')
  } else if (filters.state === 'deletion') {
    query.whereNotNull('deletion_requested_at')
  }

  if (filters.q) whereAccountMatches(query, filters.q)

  const column = SORT_SQL[filters.sort]
  const op = filters.dir === 'asc' ? '>' : '<'
  if (cursor) {
    const [key, id] = cursor
    if (filters.sort === 'newest') query.whereRaw(`users.id ${op} ?`, [id])
    else
      query.whereRaw(`(${column} ${op} ? or (${column} = ? and users.id ${op} ?))`, [key, key, id])
  }
  query.orderByRaw(`${column} ${filters.dir}`)
  if (filters.sort !== 'newest') query.orderBy('users.id', filters.dir)
  const rows = await query.limit(PEOPLE_PER_PAGE + 1)
  const items = rows.slice(0, PEOPLE_PER_PAGE)
  const last = items[items.length - 1]
  return {
    items,
    nextCursor: rows.length > PEOPLE_PER_PAGE && last ? cursorOf(last, filters.sort) : null,
  }
}

/** How many accounts each tab holds (one grouped query), for the role tabs. */
export async function peopleCounts() {
  const rows = await db
    .from('users')
    .whereNull('deleted_at')
    .select('role')
    .count('* as total')
    .groupBy('role')
  const counts = { member: 0, external: 0, admin: 0 }
  for (const row of rows) {
    if (row.role in counts) counts[row.role as keyof typeof counts] = Number(row.total)
  }
  return { ...counts, all: counts.member + counts.external }
}

/** An account of the admin people pages by id: purged accounts are 404s. */
export function findPerson(id: unknown) {
  return User.query().where('id', Number(id)).whereNull('deleted_at').firstOrFail()
}
