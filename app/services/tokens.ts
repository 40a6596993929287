import { createHash, randomBytes } from 'node:crypto'

/**
 * Random tokens for links sent by e-mail (password reset, invitations).
 * Only the SHA-256 of a token is stored.
 */
export function generateToken() {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}
