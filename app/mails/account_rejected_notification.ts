import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, type MailBlock } from '#mails/auth_mail_layout'

/** Tells an external that their registration was not approved (with the reason, if any). */
export default class AccountRejectedNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private teamName: string,
    private reason: string | null
  ) {
    super()
    this.subject = `Your ${teamName} registration was not approved`
  }

  prepare() {
    const title = 'Your registration was not approved'
    const paragraphs = [
      `Hello ${this.recipient.fullName},`,
      `An administrator of ${this.teamName} reviewed your registration with ${this.recipient.email} and did not approve it.`,
    ]
    if (this.reason) paragraphs.push(`Reason given: ${this.reason}`)
    const block: MailBlock = {
      paragraphs,
      footnotes: ['If you think this is a mistake, contact the team directly.'],
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
