import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'

export interface UpdatePasswordInput {
  user: User
  password: string
  /** The current browser's session and remember-me token: they stay signed in. */
  keepSessionId: string
  keepRememberTokenId: string | null
}

/**
 * Sets a new password (hashed on save) and signs every other device out,
 * so a stolen session or remember-me cookie stops working.
 */
export default class UpdatePassword {
  async handle({ user, password, keepSessionId, keepRememberTokenId }: UpdatePasswordInput) {
    user.password = password
    user.mustChangePassword = false
    await user.save()
    return new RevokeSessions().handle({ userId: user.id, keepSessionId, keepRememberTokenId })
  }
}
