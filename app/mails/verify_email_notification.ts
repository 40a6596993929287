import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, type MailBlock } from '#mails/auth_mail_layout'

/**
 * The e-mail verification link (signed, valid 24 hours). Following it
 * verifies the address only; it never signs anyone in.
 */
export default class VerifyEmailNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private url: string,
    private teamName: string
  ) {
    super()
    this.subject = `Verify your e-mail address for ${teamName}`
  }

  prepare() {
    const title = 'Verify your e-mail address'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.recipient.fullName},`,
        `Please confirm that ${this.recipient.email} is your e-mail address for your ${this.teamName} account.`,
      ],
      action: { label: 'Verify my e-mail address', url: this.url },
      footnotes: [
        'This link expires in 24 hours. Following it does not sign you in: you sign in yourself afterwards.',
        'If you did not create an account, you can ignore this e-mail.',
      ],
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
