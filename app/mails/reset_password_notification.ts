import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, type MailBlock } from '#mails/auth_mail_layout'

/**
 * A single-use password reset link, valid one hour.
 */
export default class ResetPasswordNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private url: string,
    private teamName: string
  ) {
    super()
    this.subject = `Reset your ${teamName} password`
  }

  prepare() {
    const title = 'Reset your password'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.recipient.fullName},`,
        'Someone (hopefully you) asked to reset the password of your account. Choose a new password with the link below.',
      ],
      action: { label: 'Choose a new password', url: this.url },
      footnotes: [
        'The link works once and expires in 1 hour. Resetting your password signs you out on every device.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
