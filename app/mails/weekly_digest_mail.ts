import { BaseMail } from '@adonisjs/mail'
import {
  escapeHtml,
  mailLink,
  renderListHtml,
  renderListText,
  type ListMail,
} from '#mails/auth_mail_layout'

export interface DigestItem {
  /** "Ana Silva", the post's author. */
  author: string
  /** The post's first words. */
  excerpt: string
  likes: number
  comments: number
  /** Absolute link to the post. */
  url: string
}

function counts(item: DigestItem) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  return `${plural(item.likes, 'like', 'likes')} · ${plural(item.comments, 'comment', 'comments')}`
}

/**
 * The weekly team digest (issue 15 §3): the week's most liked and
 * commented posts the person may see, a plain-text and an HTML part, and
 * a one-click unsubscribe from the digest (RFC 8058: List-Unsubscribe with
 * the signed link, List-Unsubscribe-Post) that works without signing in.
 */
export default class WeeklyDigestMail extends BaseMail {
  subject: string

  constructor(
    private recipient: { fullName: string; email: string },
    private teamName: string,
    private items: DigestItem[],
    private unsubscribeUrl: string,
    private settingsUrl: string
  ) {
    super()
    this.subject = `This week on ${teamName}`
  }

  prepare() {
    const mail: ListMail = {
      teamName: this.teamName,
      subject: this.subject,
      intro: `Hello ${this.recipient.fullName}, here are this week's most liked and commented posts on ${this.teamName}.`,
      ordered: true,
      items: this.items.map((item) => ({
        text: [`${item.author}: ${item.excerpt}`, counts(item), item.url],
        html: `${mailLink(item.url, item.author, 'font-weight:600;')}: ${escapeHtml(item.excerpt)}<br><span style="font-size:13px;color:#4b5563;">${escapeHtml(counts(item))}</span>`,
      })),
      footer: {
        text: `You get this weekly digest because your team sends one. Change your notification settings: ${this.settingsUrl} — Unsubscribe from the weekly digest: ${this.unsubscribeUrl}`,
        html: `You get this weekly digest because your team sends one. ${mailLink(this.settingsUrl, 'Notification settings')} · ${mailLink(this.unsubscribeUrl, 'Unsubscribe from the weekly digest')}`,
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
