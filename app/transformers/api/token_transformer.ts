import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AccessToken } from '@adonisjs/auth/access_tokens'

const iso = (value: Date | null | undefined) =>
  value ? new Date(value as unknown as string | number | Date).toISOString() : null

/**
 * A personal access token as its owner's settings page (and the admin's
 * list) shows it: never the secret, never its hash. The secret is shown
 * once, by the page that created it.
 */
export default class TokenTransformer extends BaseTransformer<AccessToken> {
  toObject() {
    const token = this.resource
    return {
      id: String(token.identifier),
      name: token.name ?? '',
      scopes: token.abilities,
      createdAt: iso(token.createdAt),
      lastUsedAt: iso(token.lastUsedAt),
      expiresAt: iso(token.expiresAt),
      expired: token.isExpired(),
    }
  }
}
