import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { generateToken, hashToken } from '#services/tokens'
import { absoluteUrl } from '#mails/auth_mail_layout'

/**
 * Invitations to register (needed in the "invite only" registration mode,
 * honoured in every mode but "closed"). Only the SHA-256 of a token is
 * stored; an invitation is valid until it expires or is accepted, and
 * registering with it makes the account a member.
 */
export const INVITATION_TTL_DAYS = 7

export interface Invitation {
  id: number
  email: string
  invitedById: number | null
  expiresAt: Date
}

/**
 * Timestamps come back as Date (PostgreSQL), epoch milliseconds (SQLite,
 * written as JS dates) or "yyyy-MM-dd HH:mm:ss" text (written by Lucid
 * models); expiry is compared in JS so every form works.
 */
function toDate(value: unknown) {
  if (value instanceof Date) return value
  if (typeof value === 'number' || /^\d+$/.test(String(value))) return new Date(Number(value))
  return new Date(String(value).replace(' ', 'T'))
}

/**
 * Creates an invitation for the address (replacing any pending one for it)
 * and returns the raw token, shown only once, and the registration link.
 */
export async function createInvitation(
  email: string,
  invitedById: number | null,
  options: { expiresInDays?: number } = {}
) {
  const address = email.trim().toLowerCase()
  const token = generateToken()
  const now = new Date()
  const expiresAt = DateTime.now()
    .plus({ days: options.expiresInDays ?? INVITATION_TTL_DAYS })
    .toJSDate()
  await db.transaction(async (trx) => {
    await trx.from('invitations').where('email', address).whereNull('accepted_at').delete()
    await trx.table('invitations').insert({
      email: address,
      token_hash: hashToken(token),
      invited_by_id: invitedById,
      expires_at: expiresAt,
      created_at: now,
    })
  })
  return { token, url: invitationUrl(token), expiresAt }
}

/** The absolute registration link for an invitation token. */
export function invitationUrl(token: string) {
  return absoluteUrl(
    router.urlBuilder.urlFor('register.create', undefined, { qs: { invite: token } })
  )
}

/** The pending, unexpired invitation for a raw token, or null. */
export async function findValidInvitation(
  token: string,
  trx?: TransactionClientContract
): Promise<Invitation | null> {
  if (!token || token.length > 200) return null
  const row = await (trx ?? db)
    .from('invitations')
    .where('token_hash', hashToken(token))
    .whereNull('accepted_at')
    .first()
  if (!row) return null
  const expiresAt = toDate(row.expires_at)
  if (!(expiresAt.getTime() > Date.now())) return null
  return {
    id: row.id,
    email: String(row.email).toLowerCase(),
    invitedById: row.invited_by_id ?? null,
    expiresAt,
  }
}

/**
 * Marks the invitation accepted. Returns false when it was accepted in the
 * meantime (two registrations racing with the same link).
 */
export async function acceptInvitation(invitation: Invitation, trx: TransactionClientContract) {
  const affected = await trx
    .from('invitations')
    .where('id', invitation.id)
    .whereNull('accepted_at')
    .update({ accepted_at: new Date() })
  return Number(Array.isArray(affected) ? affected[0] : affected) === 1
}
