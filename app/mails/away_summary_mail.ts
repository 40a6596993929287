import { BaseMail } from '@adonisjs/mail'
import { escapeHtml } from '#mails/auth_mail_layout'

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
    const intro = `Hello ${this.recipient.fullName}, here is what happened on ${this.teamName} while you were away.`
    const footer = `You get this because you were away. Change what is mailed: ${this.settingsUrl} — Unsubscribe from these e-mails: ${this.unsubscribeUrl}`
    const text = [
      this.teamName,
      '',
      intro,
      '',
      ...this.items.flatMap((item) => [`- ${item.title}`, `  ${item.url}`]),
      '',
      footer,
      '',
    ].join('\n')
    const rows = this.items
      .map(
        (item) =>
          `<li style="margin:0 0 12px;line-height:1.5;"><a href="${escapeHtml(item.url)}" style="color:#1d4ed8;">${escapeHtml(item.title)}</a></li>`
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
<ul style="margin:0 0 24px;padding-left:20px;">
${rows}
</ul>
<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5;">You get this because you were away. <a href="${escapeHtml(this.settingsUrl)}" style="color:#1d4ed8;">Change what is mailed</a> · <a href="${escapeHtml(this.unsubscribeUrl)}" style="color:#1d4ed8;">Unsubscribe</a></p>
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
