import type { HttpContext } from '@adonisjs/core/http'
import AdminSystemPolicy from '#policies/admin_system_policy'
import { webhookEndpointValidator } from '#validators/webhook'
import {
  countEndpoints,
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  recentDeliveries,
  rotateSecret,
  sendTest,
  updateEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
} from '#services/webhooks/endpoints'
import WebhookTransformer, {
  type WebhookDeliveryRecord,
} from '#transformers/admin/webhook_transformer'
import { addressProblem } from '#services/webhooks/address_guard'
import { SIGNATURE_HEADER } from '#services/webhooks/signature'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { audit } from '#services/audit'

/**
 * Admin → System → Webhooks (issue 14): outgoing webhook endpoints —
 * create (the secret is shown once), edit, enable/disable, delete, rotate
 * the secret, send a test — and each endpoint's delivery log. Admins only
 * (route middleware and the policy); every change is in the audit log
 * (never a secret).
 */
export default class WebhooksController {
  async index({ inertia, session, bouncer }: HttpContext) {
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const endpoints = await listEndpoints()
    const deliveries = await recentDeliveries(endpoints.map((endpoint) => endpoint.id))
    const revealed = session.flashMessages.get('webhookSecret') as
      { id: string; secret: string } | undefined
    return inertia.render('Settings/Webhooks', {
      endpoints: endpoints.map((endpoint) =>
        new WebhookTransformer({
          endpoint,
          deliveries: (deliveries.get(endpoint.id) ?? []) as WebhookDeliveryRecord[],
        }).toObject()
      ),
      events: WEBHOOK_EVENTS.map((name) => ({
        name: String(name),
        label: WEBHOOK_EVENT_LABELS[name],
      })),
      revealedSecret: revealed ?? null,
      signatureHeader: SIGNATURE_HEADER,
      maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
    })
  }

  /** The validated form, with the address checked (SSRF guard): null after flashing an error. */
  private async input(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(webhookEndpointValidator)
    const problem = await addressProblem(new URL(data.url))
    if (problem) {
      ctx.session.flashAll()
      ctx.session.flashErrors({ url: problem })
      return null
    }
    return {
      url: data.url,
      description: data.description ?? '',
      events: data.events,
      isActive: data.isActive ?? true,
    }
  }

  async store(ctx: HttpContext) {
    const { auth, response, session, bouncer } = ctx
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const input = await this.input(ctx)
    if (!input) return response.redirect().back()
    if ((await countEndpoints()) >= MAX_WEBHOOK_ENDPOINTS) {
      session.flashErrors({
        url: `There are ${MAX_WEBHOOK_ENDPOINTS} endpoints already: delete one first.`,
      })
      return response.redirect().back()
    }
    const { id, secret } = await createEndpoint(input, auth.getUserOrFail().id)
    await audit(ctx, 'webhook.create', null, {
      webhookId: id,
      url: input.url,
      events: input.events,
    })
    // Shown once: the next page reads it from the flash, then it is gone.
    session.flash('webhookSecret', { id: String(id), secret })
    session.flash('success', 'Webhook endpoint added. Copy its secret now: it is shown only once.')
    return response.redirect().toRoute('admin.webhooks.index')
  }

  async update(ctx: HttpContext) {
    const { params, response, session, bouncer } = ctx
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const id = Number(params.id)
    const before = await findEndpoint(id)
    if (!before) throw new E_NOT_FOUND()
    const input = await this.input(ctx)
    if (!input) return response.redirect().back()
    await updateEndpoint(id, input)
    await audit(ctx, 'webhook.update', null, {
      webhookId: id,
      url: input.url,
      events: input.events,
      isActive: input.isActive,
    })
    session.flash(
      'success',
      input.isActive ? 'Webhook endpoint saved.' : 'Webhook endpoint saved and disabled.'
    )
    return response.redirect().toRoute('admin.webhooks.index')
  }

  async destroy(ctx: HttpContext) {
    const { params, response, session, bouncer } = ctx
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const id = Number(params.id)
    const endpoint = await findEndpoint(id)
    if (!endpoint || !(await deleteEndpoint(id))) throw new E_NOT_FOUND()
    await audit(ctx, 'webhook.delete', null, { webhookId: id, url: endpoint.url })
    session.flash('success', 'Webhook endpoint deleted with its delivery log.')
    return response.redirect().toRoute('admin.webhooks.index')
  }

  async rotate(ctx: HttpContext) {
    const { params, response, session, bouncer } = ctx
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const id = Number(params.id)
    const secret = await rotateSecret(id)
    if (!secret) throw new E_NOT_FOUND()
    await audit(ctx, 'webhook.rotate_secret', null, { webhookId: id })
    session.flash('webhookSecret', { id: String(id), secret })
    session.flash('success', 'New secret made: the old one no longer verifies. Copy it now.')
    return response.redirect().toRoute('admin.webhooks.index')
  }

  async test(ctx: HttpContext) {
    const { params, response, session, bouncer } = ctx
    await bouncer.with(AdminSystemPolicy).authorize('manageWebhooks')
    const id = Number(params.id)
    const endpoint = await findEndpoint(id)
    if (!endpoint) throw new E_NOT_FOUND()
    if (!endpoint.isActive) {
      session.flash('error', 'This endpoint is disabled: enable it before sending a test.')
      return response.redirect().toRoute('admin.webhooks.index')
    }
    const deliveryId = await sendTest(id)
    await audit(ctx, 'webhook.test', null, { webhookId: id, deliveryId })
    session.flash('success', 'Test delivery queued: its result appears in the delivery log.')
    return response.redirect().toRoute('admin.webhooks.index')
  }
}
