import type User from '#models/user'
import EmailChangeNotification from '#mails/email_change_notification'
import { getSettings } from '#services/settings'
import { sendVerificationEmail } from '#services/email_verification'
import { sendNotification } from '#services/mail/notification_mail'

export interface UpdateProfileInput {
  user: User
  fullName: string
  username: string
  email: string
  bio?: string | null
}

/**
 * Saves the profile information. A new e-mail address puts the account back
 * to unverified: a verification link goes to the new address and a notice
 * to the old one.
 */
export default class UpdateProfile {
  async handle({ user, fullName, username, email, bio }: UpdateProfileInput) {
    const previousEmail = user.email
    const emailChanged = email !== previousEmail

    user.merge({ fullName, username, email, bio: bio ?? null })
    if (emailChanged) user.emailVerifiedAt = null
    await user.save()

    if (emailChanged) {
      const { teamName } = await getSettings()
      await sendVerificationEmail(user)
      await sendNotification(
        new EmailChangeNotification(
          { fullName: user.fullName, previousEmail, newEmail: email },
          teamName
        )
      )
    }
    return { emailChanged, previousEmail }
  }
}
