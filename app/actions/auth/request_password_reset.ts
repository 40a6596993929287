import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import { generateToken, hashToken } from '#services/tokens'
import { absoluteUrl } from '#mails/auth_mail_layout'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { RESET_TOKEN_TTL_MS } from '#services/auth/password_reset_tokens'

/**
 * "Forgot password": e-mails a single-use link valid one hour, replacing the
 * user's earlier links. Known and unknown addresses do the same database work
 * (the token is always generated; the clean-up always runs) and the mail is
 * queued, so the reply and its timing do not tell whether the address has an
 * account (SECURITY.md T7).
 */
export default class RequestPasswordReset {
  async handle(email: string, teamName: string) {
    const token = generateToken()
    const tokenHash = hashToken(token)
    const now = new Date()
    const user = await User.query().where('email', email).whereNull('deleted_at').first()

    await db.transaction(async (trx) => {
      // Drop links that expired more than a day ago, and the user's unused
      // earlier links (id 0 matches nobody when the address is unknown).
      await trx
        .from('password_reset_tokens')
        .where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
        .delete()
      await trx
        .from('password_reset_tokens')
        .where('user_id', user?.id ?? 0)
        .whereNull('used_at')
        .delete()
      if (user) {
        await trx.table('password_reset_tokens').insert({
          user_id: user.id,
          token_hash: tokenHash,
          expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          created_at: now,
        })
      }
    })

    const recipient = user ?? { fullName: 'Nobody', email: email }
    const url = absoluteUrl(
      router.urlBuilder.urlFor('password.reset', { token }, { qs: { email: recipient.email } })
    )
    const notification = new ResetPasswordNotification(recipient, url, teamName)
    // Unknown address: compose the same message but send nothing.
    if (user) await mail.sendLater(notification)
    else await notification.build()
  }
}
