import type User from '#models/user'
import RevokeSessions from '#actions/accounts/revoke_sessions'

/**
 * A signed-in user sets a new password (the forced change after an admin
 * created or reset the account, or a voluntary one). Every other session
 * and all remember-me tokens are revoked; the current session stays.
 */
export default class ChangePassword {
  async handle(
    user: User,
    password: string,
    currentSessionId: string,
    currentRememberTokenId?: string | number | null
  ) {
    user.password = password
    user.mustChangePassword = false
    await user.save()
    await new RevokeSessions().handle({
      userId: user.id,
      keepSessionId: currentSessionId,
      keepRememberTokenId: currentRememberTokenId,
    })
  }
}
