import { timingSafeEqual } from 'node:crypto'
import { DateTime } from 'luxon'
import router from '@adonisjs/core/services/router'
import mail from '@adonisjs/mail/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { appUrl } from '#config/app'
import { hashToken } from '#services/tokens'
import { getSettings } from '#services/settings'
import VerifyEmailNotification from '#mails/verify_email_notification'

/**
 * E-mail verification links (PRODUCT §2): signed with the app key, valid
 * 24 hours, and bound to the address they were sent to. The link carries a
 * SHA-256 fingerprint of that address (not the address itself), so a link
 * sent before an e-mail change cannot verify the new address.
 */
export const VERIFICATION_PURPOSE = 'verify-email'
export const VERIFICATION_TTL = '24h'

export function emailFingerprint(email: string) {
  return hashToken(email.trim().toLowerCase())
}

export function verificationUrl(
  user: Pick<User, 'id' | 'email'>,
  options: { expiresIn?: string | number } = {}
) {
  return router.urlBuilder.signedUrlFor(
    'verification.verify',
    { id: user.id },
    {
      expiresIn: options.expiresIn ?? VERIFICATION_TTL,
      purpose: VERIFICATION_PURPOSE,
      qs: { hash: emailFingerprint(user.email) },
      prefixUrl: appUrl.replace(/\/+$/, ''),
    }
  )
}

/** Queues the verification e-mail for the user's current address. */
export async function sendVerificationEmail(user: User, teamName?: string) {
  let team = teamName
  if (!team) {
    const settings = await getSettings()
    team = settings.teamName
  }
  await mail.sendLater(new VerifyEmailNotification(user, verificationUrl(user), team))
}

export type VerificationLinkProblem = 'invalid' | 'stale_address'

/**
 * Checks a verification request for the given user: a valid, unexpired
 * signature for this purpose, and a fingerprint of the user's current
 * address. Returns null when the link is good.
 */
export function verificationLinkProblem(
  request: HttpContext['request'],
  user: Pick<User, 'email'>
): VerificationLinkProblem | null {
  if (!request.hasValidSignature(VERIFICATION_PURPOSE)) return 'invalid'
  const given = String(request.qs().hash ?? '')
  const expected = emailFingerprint(user.email)
  if (given.length !== expected.length) return 'stale_address'
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? null : 'stale_address'
}

export async function markEmailVerified(user: User) {
  if (user.emailVerifiedAt) return false
  user.emailVerifiedAt = DateTime.now()
  await user.save()
  return true
}
