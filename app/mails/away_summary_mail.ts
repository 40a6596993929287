import { BaseMail } from '@adonisjs/mail'
import { mailLink, renderListHtml, renderListText, type ListMail } from '#mails/auth_mail_layout'

export interface SummaryItem {
  /** "Ana Silva tagged you in a post", as the bell reads it. */
  title: string
  /** Absolute link to the target. */
  url: string
}

/**
 * The summary mail of what happened while the person was away (issue 15
 * §3): one line per notification with its link, a plain-text and an HTML
 * part, and a one-click unsubscribe (RFC 8058: List-Unsubscribe with the
 * signed link, List-Unsubscribe-Post) that works without signing in.
 */
export default class AwaySummaryMail extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private teamName: string,
    private items: SummaryItem[],
    private unsubscribeUrl: string,
    private settingsUrl: string
  ) {
    super()
    const count = items.length
    this.subject = `${count} new ${count === 1 ? 'notification' : 'notifications'} on ${teamName}`
  }

  prepare() {
    const mail: ListMail = {
      teamName: this.teamName,
      subject: this.subject,
      intro: `Hello ${this.recipient.fullName}, here is what happened on ${this.teamName} while you were away.`,
      items: this.items.map((item) => ({
        text: [item.title, item.url],
        html: mailLink(item.url, item.title),
      })),
      footer: {
        text: `You get this because you were away. Change what is mailed: ${this.settingsUrl} — Unsubscribe from these e-mails: ${this.unsubscribeUrl}`,
        html: `You get this because you were away. ${mailLink(this.settingsUrl, 'Change what is mailed')} · ${mailLink(this.unsubscribeUrl, 'Unsubscribe')}`,
      },
    }
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .header('List-Unsubscribe', `<${this.unsubscribeUrl}>`)
      .header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      .html(renderListHtml(mail))
      .text(renderListText(mail))
  }
}
