import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, type MailBlock } from '#mails/auth_mail_layout'

/** An invitation to register, with a single-use link valid for 7 days. */
export default class InvitationNotification extends BaseMail {
  subject: string

  constructor(
    private email: string,
    private url: string,
    private teamName: string,
    private inviterName: string,
    private expiresAt: Date
  ) {
    super()
    this.subject = `${inviterName} invited you to join ${teamName}`
  }

  prepare() {
    const title = `Join ${this.teamName}`
    const expires = this.expiresAt.toISOString().slice(0, 10)
    const block: MailBlock = {
      paragraphs: [
        'Hello,',
        `${this.inviterName} invited you to create an account on ${this.teamName}, the team's private social space.`,
      ],
      action: { label: 'Create my account', url: this.url },
      footnotes: [
        `This invitation is for ${this.email} and expires on ${expires}.`,
        'If you were not expecting it, you can ignore this e-mail.',
      ],
    }
    this.message
      .to(this.email)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
