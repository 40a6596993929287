import type User from '#models/user'
import InvitationNotification from '#mails/invitation_notification'
import { createInvitation } from '#services/invitations'
import { getSettings } from '#services/settings'
import { sendNotification } from '#services/mail/notification_mail'

/**
 * Invites an e-mail address to register (a 7-day, single-use link to
 * /register?invite=TOKEN; only the token's SHA-256 is stored). Inviting the
 * same address again replaces its unused invitation, so only the newest
 * link works.
 */
export default class CreateInvitation {
  async handle({ email, invitedBy }: { email: string; invitedBy: User }) {
    const invitation = await createInvitation(email, invitedBy.id)
    const { teamName } = await getSettings()
    const mailed = await sendNotification(
      new InvitationNotification(
        email,
        invitation.url,
        teamName,
        invitedBy.fullName,
        invitation.expiresAt
      )
    )
    return { expiresAt: invitation.expiresAt, mailed }
  }
}
