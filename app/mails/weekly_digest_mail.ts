import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#mails/auth_mail_layout'

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
    const intro = `Hello ${this.recipient.fullName}, here are this week's most liked and commented posts on ${this.teamName}.`
    const footer = `You get this weekly digest because your team sends one. Change your notification settings: ${this.settingsUrl} — Unsubscribe from the weekly digest: ${this.unsubscribeUrl}`
    const text = [
      this.teamName,
      '',
      intro,
      '',
      ...this.items.flatMap((item) => [
        `- ${item.author}: ${item.excerpt}`,
        `  ${counts(item)}`,
        `  ${item.url}`,
      ]),
      '',
      footer,
      '',
    ].join('\n')
    const rows = this.items
      .map(
        (item) =>
          `<li style="margin:0 0 16px;line-height:1.5;"><a href="${escapeHtml(item.url)}" style="color:#1d4ed8;font-weight:600;">${escapeHtml(item.author)}</a>: ${escapeHtml(item.excerpt)}<br><span style="font-size:13px;color:#4b5563;">${escapeHtml(counts(item))}</span></li>`
      )
      .join('\n')
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(this.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="max-width:560px;margin:0 auto;padding:32px 16px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;font-size:15px;">
<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;">${escapeHtml(this.teamName)}</p>
<p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(intro)}</p>
<ol style="margin:0 0 24px;padding-left:20px;">
${rows}
</ol>
<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5;">You get this weekly digest because your team sends one. <a href="${escapeHtml(this.settingsUrl)}" style="color:#1d4ed8;">Notification settings</a> · <a href="${escapeHtml(this.unsubscribeUrl)}" style="color:#1d4ed8;">Unsubscribe from the weekly digest</a></p>
</div>
</div>
</body>
</html>`
    this.message
      .to(this.recipient.email, this.recipient.fullName)
      .header('List-Unsubscribe', `<${this.unsubscribeUrl}>`)
      .header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      .html(html)
      .text(text)
  }
}
