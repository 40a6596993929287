import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { hashToken } from '#services/tokens'

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** A new administrator's "set your password" link (a reset token too) works this long. */
export const ADMIN_INVITE_TTL_DAYS = 7

/**
 * Timestamps come back as Date (PostgreSQL), epoch milliseconds (SQLite,
 * written as JS dates) or "yyyy-MM-dd HH:mm:ss" text (written by Lucid
 * models); expiry is compared in JS so every form works.
 */
export function toDate(value: unknown) {
  if (value instanceof Date) return value
  if (typeof value === 'number' || /^\d+$/.test(String(value))) return new Date(Number(value))
  return new Date(String(value).replace(' ', 'T'))
}

export interface UsableResetToken {
  id: number
  user: User
}

/**
 * The unused, unexpired reset token for a raw token, with its user (who must
 * still exist and not be deleted), or null.
 */
export async function findUsableResetToken(
  token: string,
  trx?: TransactionClientContract
): Promise<UsableResetToken | null> {
  if (!token || token.length > 200) return null
  const row = await (trx ?? db)
    .from('password_reset_tokens')
    .where('token_hash', hashToken(token))
    .whereNull('used_at')
    .first()
  if (!row || !(toDate(row.expires_at).getTime() > Date.now())) return null
  const user = await User.find(row.user_id, trx ? { client: trx } : undefined)
  if (!user || user.deletedAt) return null
  return { id: row.id, user }
}
