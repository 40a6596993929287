import { BaseMail } from '@adonisjs/mail'
import { renderHtml, renderText, routeUrl, type MailBlock } from '#mails/auth_mail_layout'

/**
 * Tells one administrator that an external person registered and waits for
 * approval, with a link to the list of external registrations.
 */
export default class RegistrationAwaitingApprovalNotification extends BaseMail {
  subject: string

  constructor(
    private admin: { fullName: string; email: string },
    private registrant: { fullName: string; username: string; email: string },
    private teamName: string
  ) {
    super()
    this.subject = `New registration awaiting approval: ${registrant.fullName}`
  }

  prepare() {
    const title = 'A registration is awaiting approval'
    const block: MailBlock = {
      paragraphs: [
        `Hello ${this.admin.fullName},`,
        `${this.registrant.fullName} (@${this.registrant.username}, ${this.registrant.email}) registered with an e-mail address outside the team's domains.`,
        'They can sign in once an administrator approves the registration.',
      ],
      action: {
        label: 'Review external registrations',
        url: routeUrl('users.public'),
      },
      footnotes: ['You receive this e-mail because you are an administrator of this team.'],
    }
    this.message
      .to(this.admin.email, this.admin.fullName)
      .html(renderHtml(this.teamName, title, block))
      .text(renderText(this.teamName, title, block))
  }
}
