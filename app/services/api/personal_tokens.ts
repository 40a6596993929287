import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { refuse } from '#exceptions/refuse'
import type { ApiScope } from '#services/api/scopes'
import { closeTokenSockets } from '#services/realtime/token_sessions'

/** Tokens one account may hold at once. */
export const MAX_TOKENS_PER_USER = 20

const TABLE = 'auth_access_tokens'

export interface CreateTokenInput {
  user: User
  name: string
  scopes: ApiScope[]
  expiresInDays?: number | null
}

/**
 * Creates a personal access token (User.accessTokens, @adonisjs/auth's
 * DbAccessTokensProvider: only a hash is stored). The `admin` scope only
 * for admins. Returns the token; its secret (`token.value.release()`) can
 * be read this once.
 */
export async function createPersonalToken({ user, name, scopes, expiresInDays }: CreateTokenInput) {
  if (scopes.includes('admin') && !user.isAdmin) {
    throw refuse('scopes', 'Only administrators can create tokens with the admin scope.')
  }
  const row = await db.from(TABLE).where('tokenable_id', user.id).count('* as total').first()
  if (Number(row?.total ?? 0) >= MAX_TOKENS_PER_USER) {
    throw refuse(
      'name',
      `You have ${MAX_TOKENS_PER_USER} tokens already: revoke one you no longer use first.`
    )
  }
  return User.accessTokens.create(user, scopes, {
    name,
    expiresIn: expiresInDays ? `${expiresInDays} days` : undefined,
  })
}

/** Revokes one of the user's tokens; false when they have none with that id. */
export async function revokeOwnToken(user: User, id: number) {
  const revoked = (await User.accessTokens.delete(user, id)) > 0
  // Its realtime sockets too (POST /broadcasting/auth with the token).
  if (revoked) closeTokenSockets(user.id, id)
  return revoked
}

/** Revokes any token (admins); returns its owner's id, or null when there is none. */
export async function revokeAnyToken(id: number) {
  const row = await db.from(TABLE).where('id', id).select('tokenable_id').first()
  if (!row) return null
  await db.from(TABLE).where('id', id).delete()
  closeTokenSockets(Number(row.tokenable_id), id)
  return Number(row.tokenable_id)
}

/** Revokes every token of a user (password change, sign-out everywhere, deletion). */
export async function revokeAllTokens(userId: number) {
  return db.from(TABLE).where('tokenable_id', userId).delete()
}
