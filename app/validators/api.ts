import vine from '@vinejs/vine'
import { DIRECTORY_SORTS } from '#queries/search/search'
import { MAX_QUERY_LENGTH } from '#queries/search/search_terms'
import { REPORT_TABS } from '#queries/admin/reports'
import { PEOPLE_SORTS, PEOPLE_STATES } from '#queries/admin/people'
import { ROLES } from '#enums/role'

/**
 * Query strings of the public API's lists (the bodies reuse the web app's
 * validators: app/validators/post.ts, comment.ts). The cursor's own format
 * is checked where it is read (app/queries/feeds/cursor.ts, 400 if wrong).
 */
export const apiPageValidator = vine.create({
  cursor: vine.string().maxLength(40).optional(),
})

/**
 * GET /api/v1/people: the team directory (no `q`) in `sort` order, or the
 * people whose name or username starts with each word of `q` (the search
 * page's own query, app/queries/search/search.ts). Its cursor is longer
 * than the feeds' (the sort key and the id).
 */
export const apiDirectoryValidator = vine.create({
  q: vine.string().trim().maxLength(MAX_QUERY_LENGTH).optional(),
  sort: vine.enum(DIRECTORY_SORTS).optional(),
  cursor: vine.string().maxLength(400).optional(),
})

/** GET /api/v1/search/posts: the search page's posts search (words to find, required). */
export const apiPostSearchValidator = vine.create({
  q: vine.string().trim().minLength(1).maxLength(MAX_QUERY_LENGTH),
  cursor: vine.string().maxLength(40).optional(),
})

/** GET /api/v1/admin/reports: one tab of the reports queue (`open` by default), as Reports/Index. */
export const apiReportsValidator = vine.create({
  status: vine.enum(REPORT_TABS).optional(),
  cursor: vine.string().maxLength(40).optional(),
})

/**
 * GET /api/v1/admin/people: Admin → People as a list: `q` (name, username
 * or e-mail contains), `role` (none: every account), `state`, `sort`,
 * `dir` (by default A→Z by name, else the largest or newest first).
 */
export const apiAdminPeopleValidator = vine.create({
  q: vine.string().trim().maxLength(100).optional(),
  role: vine.enum(ROLES).optional(),
  state: vine.enum(PEOPLE_STATES).optional(),
  sort: vine.enum(PEOPLE_SORTS).optional(),
  dir: vine.enum(['asc', 'desc'] as const).optional(),
  cursor: vine.string().maxLength(400).optional(),
})
