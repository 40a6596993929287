import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, routeUrl, type MailBlock } from '#mails/auth_mail_layout'

/**
 * Sent instead of a verification link when somebody registers with an
 * address that already has an account. The registration page answers the
 * same way in both cases, so it never tells a stranger which addresses
 * have accounts (SECURITY.md T7); the owner learns it here.
 */
export default class AccountExistsNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private teamName: string
  ) {
    super()
    this.subject = `You already have a ${teamName} account`
  }

  prepare() {
    const title = 'You already have an account'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.recipient.fullName},`,
        `Someone tried to create a new account with ${this.recipient.email}, but this address already has one. If that was you, sign in instead, or reset your password if you forgot it.`,
      ],
      action: { label: 'Sign in', url: routeUrl('session.create') },
      footnotes: [
        `Forgot your password? Request a new one at ${routeUrl('password.forgot')}`,
        'If it was not you, you can ignore this e-mail: nothing was changed.',
      ],
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
