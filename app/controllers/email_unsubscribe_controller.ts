import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { UNSUBSCRIBE_PURPOSE } from '#services/away_summaries'
import { saveSettingsRow } from '#services/notification_preferences'

/**
 * One-click unsubscribe from notification e-mails (issue 15 §3), without
 * signing in: the link in every summary mail is signed for its person.
 * GET shows a confirmation page (a link scanner opening it changes
 * nothing); POST unsubscribes: the page's button, or the mail client's
 * RFC 8058 one-click POST (List-Unsubscribe-Post), exempt from CSRF since
 * the signature is the proof. A tampered or foreign link is refused (403).
 * The weekly digest's link (`?list=digest`, signed with it) stops the
 * digest only.
 */
export default class EmailUnsubscribeController {
  async show({ request, params, inertia, response }: HttpContext) {
    const valid = await this.valid(request, params.id)
    if (!valid) response.status(403)
    return inertia.render('Auth/Unsubscribe', {
      state: valid ? ('confirm' as const) : ('invalid' as const),
      action: valid ? request.url(true) : null,
      list: listOf(request),
    })
  }

  async store({ request, params, inertia, response }: HttpContext) {
    const valid = await this.valid(request, params.id)
    if (!valid) {
      response.status(403)
      if (!request.header('x-inertia') && request.accepts(['html', 'json']) !== 'html') {
        return response.send({ message: 'This unsubscribe link is not valid.' })
      }
      return inertia.render('Auth/Unsubscribe', {
        state: 'invalid' as const,
        action: null,
        list: listOf(request),
      })
    }
    const list = listOf(request)
    await saveSettingsRow(
      Number(params.id),
      list === 'digest' ? { digest_unsubscribed: true } : { email_unsubscribed: true }
    )
    // A mail client's one-click POST reads no page.
    if (!request.header('x-inertia') && request.accepts(['html']) !== 'html') {
      return response.send({ unsubscribed: true })
    }
    return inertia.render('Auth/Unsubscribe', { state: 'done' as const, action: null, list })
  }

  private async valid(request: HttpContext['request'], id: unknown) {
    if (!/^\d+$/.test(String(id))) return false
    if (!request.hasValidSignature(UNSUBSCRIBE_PURPOSE)) return false
    return Boolean(await db.from('users').where('id', Number(id)).select('id').first())
  }
}

/** Which mails the link stops: the weekly digest, or every notification e-mail. */
function listOf(request: HttpContext['request']): 'digest' | 'all' {
  return request.qs().list === 'digest' ? 'digest' : 'all'
}
