/**
 * Scopes of a personal access token (issue 14), stored as the token's
 * `abilities`. Independent of each other: a route names the one it needs.
 * - read: GET endpoints (feeds, posts, comments, notifications, /me);
 * - write: creating, liking, marking read;
 * - admin: the back office (/api/v1/admin/…); only an admin may grant it, and it
 *   counts only while its owner is an admin.
 */
export const API_SCOPES = ['read', 'write', 'admin'] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** The API's path prefix: everything under it is the token-only, JSON-only door. */
export const API_PREFIX = '/api/v1'

/** Whether a route pattern (or a URL path) belongs to the public API. */
export function isApiPath(path: string | undefined | null) {
  return !!path && (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))
}
