import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, routeUrl, type MailBlock } from '#mails/auth_mail_layout'

/** Tells an external that an administrator approved their registration. */
export default class AccountApprovedNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private teamName: string
  ) {
    super()
    this.subject = `Your ${teamName} account is approved`
  }

  prepare() {
    const title = 'Your account is approved'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.recipient.fullName},`,
        `An administrator of ${this.teamName} approved your registration. You can sign in now with ${this.recipient.email}.`,
      ],
      action: { label: 'Sign in', url: routeUrl('session.create') },
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
