import router from '@adonisjs/core/services/router'
import { appUrl } from '#config/app'

type RouteName = Parameters<typeof router.urlBuilder.urlFor>[0]

/**
 * Shared pieces of the account e-mails: absolute links built from route
 * names, HTML escaping, and one plain, accessible HTML layout (a single
 * column, system fonts, a real link under every button).
 */
export function absoluteUrl(path: string) {
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

/** Absolute URL of a named route (a misspelt name fails typecheck). */
export function routeUrl(name: RouteName) {
  return absoluteUrl(router.urlBuilder.urlFor(name))
}

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export interface MailBlock {
  /** Plain-text paragraphs (escaped for HTML). */
  paragraphs: string[]
  action?: { label: string; url: string }
  /** Smaller print under the button. */
  footnotes?: string[]
}

export function renderHtml(teamName: string, title: string, block: MailBlock) {
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 16px;line-height:1.5;${style}">${escapeHtml(text)}</p>`
  const action = block.action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:6px;font-weight:600;">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#4b5563;">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(block.action.url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(block.action.url)}</a></p>`
    : ''
  return page(
    title,
    `<p style="margin:0 0 24px;font-weight:700;font-size:18px;">${escapeHtml(teamName)}</p>
<h1 style="margin:0 0 16px;font-size:20px;">${escapeHtml(title)}</h1>
${block.paragraphs.map((text) => p(text)).join('\n')}
${action}
${(block.footnotes ?? []).map((text) => p(text, 'font-size:13px;color:#4b5563;')).join('\n')}`
  )
}

/** The one page every mail is drawn on: a single white card on grey, system fonts. */
function page(title: string, card: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="max-width:560px;margin:0 auto;padding:32px 16px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;font-size:15px;">
<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;">
${card}
</div>
</div>
</body>
</html>`
}

/**
 * A mail that lists things (the away summary, the weekly digest): the
 * team's name, an intro, one entry per item (its text lines; its HTML, a
 * link first), and a footer saying why it came with its links.
 */
export interface ListMail {
  teamName: string
  subject: string
  intro: string
  items: { text: string[]; html: string }[]
  ordered?: boolean
  footer: { text: string; html: string }
}

export function renderListText(mail: ListMail) {
  return [
    mail.teamName,
    '',
    mail.intro,
    '',
    ...mail.items.flatMap((item) =>
      item.text.map((line, index) => (index ? `  ${line}` : `- ${line}`))
    ),
    '',
    mail.footer.text,
    '',
  ].join('\n')
}

export function renderListHtml(mail: ListMail) {
  const list = mail.ordered ? 'ol' : 'ul'
  return page(
    mail.subject,
    `<p style="margin:0 0 24px;font-weight:700;font-size:18px;">${escapeHtml(mail.teamName)}</p>
<p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(mail.intro)}</p>
<${list} style="margin:0 0 24px;padding-left:20px;">
${mail.items.map((item) => `<li style="margin:0 0 14px;line-height:1.5;">${item.html}</li>`).join('\n')}
</${list}>
<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5;">${mail.footer.html}</p>`
  )
}

/** A link in a mail's HTML (the address escaped). */
export function mailLink(url: string, label: string, style = '') {
  return `<a href="${escapeHtml(url)}" style="color:#1d4ed8;${style}">${escapeHtml(label)}</a>`
}

export function renderText(teamName: string, title: string, block: MailBlock) {
  const lines = [teamName, '', title, '', ...block.paragraphs.flatMap((text) => [text, ''])]
  if (block.action) lines.push(`${block.action.label}:`, block.action.url, '')
  for (const note of block.footnotes ?? []) lines.push(note, '')
  return lines.join('\n').trimEnd() + '\n'
}
