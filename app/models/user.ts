import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbRememberMeTokensProvider } from '@adonisjs/auth/session'
import { PersonalAccessTokensProvider } from '#services/db/access_tokens'
import type { ApprovalStatus, Role } from '#enums/role'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email', 'username'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  static rememberMeTokens = DbRememberMeTokensProvider.forModel(User)

  /**
   * Personal access tokens of the public API (`Authorization: Bearer hud_…`),
   * scopes in `abilities` (app/services/api/scopes.ts); "last used" to the
   * minute (app/services/db/access_tokens.ts).
   */
  static accessTokens = PersonalAccessTokensProvider.forTokenable(User, {
    table: 'auth_access_tokens',
    type: 'personal_access_token',
    prefix: 'hud_',
    tokenSecretLength: 40,
  })

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare fullName: string

  @column()
  declare username: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare role: Role

  @column()
  declare approvalStatus: ApprovalStatus

  // SQLite returns booleans as 0/1.
  @column({ consume: (value) => Boolean(value) })
  declare isActive: boolean

  @column()
  declare bio: string | null

  @column({ consume: (value) => Boolean(value) })
  declare mustChangePassword: boolean

  /** Web Push on this person's subscribed browsers (issue 15 §2); on by default. */
  @column({ consume: (value) => Boolean(value), serializeAs: null })
  declare pushEnabled: boolean

  @column.dateTime({ consume: consumeDateTime })
  declare emailVerifiedAt: DateTime | null

  /** Set when the user asked to delete the account; purged 30 days later. */
  @column.dateTime({ consume: consumeDateTime })
  declare deletionRequestedAt: DateTime | null

  @column()
  declare deletionReason: string | null

  /** Set once the account's data was removed or anonymised. */
  @column.dateTime({ consume: consumeDateTime })
  declare deletedAt: DateTime | null

  @column.dateTime({ consume: consumeDateTime })
  declare lastLoginAt: DateTime | null

  /** An administrator's block: why (shown at sign-in), since, until (null: until lifted), by whom. */
  @column()
  declare blockedReason: string | null

  @column.dateTime({ consume: consumeDateTime })
  declare blockedAt: DateTime | null

  @column.dateTime({ consume: consumeDateTime })
  declare blockedUntil: DateTime | null

  @column()
  declare blockedById: number | null

  /** Drive key of the processed avatar; served through an authorising route. */
  @column({ serializeAs: null })
  declare avatarKey: string | null

  @column({ serializeAs: null })
  declare coverKey: string | null

  /** When the current avatar / cover was uploaded (the admin review grid). */
  @column.dateTime({ consume: consumeDateTime })
  declare avatarChangedAt: DateTime | null

  @column.dateTime({ consume: consumeDateTime })
  declare coverChangedAt: DateTime | null

  /** Denormalised activity counters (kept in the same transaction as their rows). */
  @column()
  declare postsCount: number

  @column()
  declare likesGivenCount: number

  @column()
  declare commentsCount: number

  /** Unread private messages over all conversations (the menu badge), exact, moved with them. */
  @column({ serializeAs: null })
  declare unreadMessagesCount: number

  /** Unread notifications (the bell), recounted exactly whenever they change. */
  @column({ serializeAs: null })
  declare unreadNotificationsCount: number

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, consume: consumeDateTime })
  declare updatedAt: DateTime | null

  get isAdmin() {
    return this.role === 'admin'
  }

  get initials() {
    const parts = this.fullName.trim().split(/\s+/)
    return (
      (parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')
    ).toUpperCase()
  }
}
