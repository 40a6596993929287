import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { DbAccessTokensProviderOptions } from '@adonisjs/auth/types/access_tokens'
import { keyRead } from '#services/db/sqlite_direct_reads'

/** "Last used" is kept to the minute: at most one write per token per minute. */
export const LAST_USED_PRECISION_MS = 60_000

function timeOf(value: unknown) {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  if (typeof value === 'string') return Date.parse(value)
  return Number.NaN
}

/**
 * The personal access tokens of the public API: AdonisJS's database
 * provider, whose `verify` wrote `last_used_at` on every request — a write
 * per API read (SQLite runs one writer at a time) — and before checking the
 * secret, so a wrong secret with a real token id moved "last used" too.
 * Here the secret and the expiry are checked first, and "last used" is
 * written when it is older than a minute (the tokens pages show it to the
 * minute). On SQLite the token's row is read straight from the connection
 * when it is free (`keyRead`, as the session's row is), so a revoked token
 * is refused on the very next request.
 */
export class PersonalAccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  static forTokenable<TokenableModel extends LucidModel>(
    model: DbAccessTokensProviderOptions<TokenableModel>['tokenableModel'],
    options: Omit<DbAccessTokensProviderOptions<TokenableModel>, 'tokenableModel'>
  ) {
    return new PersonalAccessTokensProvider<TokenableModel>({ tokenableModel: model, ...options })
  }

  async verify(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null
    const db = await this.getDb()
    const direct =
      this.table === 'auth_access_tokens'
        ? keyRead(db.connectionName, 'auth_access_tokens', decoded.identifier)
        : undefined
    const row =
      direct === undefined
        ? await db
            .query()
            .from(this.table)
            .where({ id: decoded.identifier, type: this.type })
            .limit(1)
            .first()
        : direct
    if (!row || row.type !== this.type) return null
    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null
    const now = new Date()
    const last = timeOf(row.last_used_at)
    if (!(now.getTime() - last < LAST_USED_PRECISION_MS)) {
      await db.from(this.table).where({ id: row.id, type: row.type }).update({ last_used_at: now })
    }
    token.lastUsedAt = now
    return token
  }
}
