import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, type MailBlock } from '#mails/auth_mail_layout'

/**
 * Sent to the previous address when an account's e-mail changes, so the
 * owner notices a change they did not make.
 */
export default class EmailChangeNotification extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; previousEmail: string; newEmail: string },
    private teamName: string
  ) {
    super()
    this.subject = `Your ${teamName} e-mail address was changed`
  }

  prepare() {
    const title = 'Your e-mail address was changed'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.recipient.fullName},`,
        `The e-mail address of your ${this.teamName} account was changed from ${this.recipient.previousEmail} to ${this.recipient.newEmail}. From now on, messages and sign-in go through the new address.`,
      ],
      footnotes: [
        'If you did not make this change, contact your team administrator right away: someone else may have access to your account.',
      ],
    }
    this.message
      .to(this.recipient.previousEmail, this.recipient.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
