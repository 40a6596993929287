import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { revokeAnyToken } from '#services/api/personal_tokens'
import { parseIdCursor, splitPage } from '#queries/feeds/cursor'
import { dbInstant } from '#services/db/db_time'
import { audit } from '#services/audit'

export const ADMIN_TOKENS_PAGE_SIZE = 50

const iso = (value: unknown) => dbInstant(value)?.toISO() ?? null

/**
 * Admin/Tokens: every personal access token of the team (issue 14), newest
 * first, keyset-paginated (`?cursor=<id>`), one query a page; and revoking
 * any of them. Admins only (route middleware). Never a secret or a hash.
 */
export default class AdminTokensController {
  async index({ request, inertia }: HttpContext) {
    const cursor = parseIdCursor(request.input('cursor'))
    const query = db
      .from('auth_access_tokens as t')
      .join('users as u', 'u.id', 't.tokenable_id')
      .select(
        't.id',
        't.name',
        't.abilities',
        't.created_at',
        't.last_used_at',
        't.expires_at',
        'u.id as user_id',
        'u.username',
        'u.full_name'
      )
      .orderBy('t.id', 'desc')
      .limit(ADMIN_TOKENS_PAGE_SIZE + 1)
    if (cursor !== null) query.where('t.id', '<', cursor)
    const { items, hasMore } = splitPage(await query, ADMIN_TOKENS_PAGE_SIZE)
    const now = Date.now()
    return inertia.render('Settings/ApiTokens', {
      tokens: items.map((row: Record<string, any>) => {
        const expiresAt = iso(row.expires_at)
        return {
          id: String(row.id),
          name: String(row.name ?? ''),
          scopes: JSON.parse(row.abilities) as string[],
          createdAt: iso(row.created_at),
          lastUsedAt: iso(row.last_used_at),
          expiresAt,
          expired: expiresAt !== null && Date.parse(expiresAt) <= now,
          owner: {
            id: Number(row.user_id),
            username: String(row.username),
            fullName: String(row.full_name),
          },
        }
      }),
      nextCursor: hasMore && items.length ? String(items[items.length - 1].id) : null,
    })
  }

  async destroy(ctx: HttpContext) {
    const ownerId = await revokeAnyToken(Number(ctx.params.id))
    if (ownerId === null) throw new E_NOT_FOUND()
    await audit(
      ctx,
      'token.revoke',
      { type: 'user', id: ownerId },
      { tokenId: String(ctx.params.id) }
    )
    ctx.session.flash('success', 'The token is revoked: it no longer works.')
    return ctx.response.redirect().toRoute('admin.tokens.index')
  }
}
