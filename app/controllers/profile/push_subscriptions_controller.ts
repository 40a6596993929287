import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import {
  pushEndpointValidator,
  pushSettingValidator,
  pushSubscriptionValidator,
} from '#validators/push'
import { pushEndpointProblem, vapidKeys } from '#services/web_push'
import { deviceLabel } from '#services/device_label'
import PushSubscription from '#models/push_subscription'

/**
 * Web Push subscriptions (issue 15 §2), the signed-in person's own only:
 * the browser subscribes (JSON; one row per endpoint: a browser someone
 * else signs in to moves to them), unsubscribes itself (on sign-out or
 * "push off" in that browser), and the profile settings list and remove
 * them and switch push on or off.
 */
/** Devices one person may have subscribed; a new one beyond this replaces the oldest. */
export const MAX_PUSH_DEVICES = 20

export default class PushSubscriptionsController {
  async store({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    if (!vapidKeys()) {
      return response.status(409).send({ message: 'Push notifications are not set up here.' })
    }
    const data = await request.validateUsing(pushSubscriptionValidator)
    const problem = await pushEndpointProblem(data.endpoint)
    if (problem) {
      throw new vineErrors.E_VALIDATION_ERROR([
        { field: 'endpoint', message: problem, rule: 'pushEndpoint' },
      ])
    }
    const device = deviceLabel(request.header('user-agent'))
    const created = await db.transaction(async (trx) => {
      await trx.from('push_subscriptions').where('endpoint', data.endpoint).delete()
      const row = await PushSubscription.create(
        {
          userId: user.id,
          endpoint: data.endpoint,
          p256dh: data.keys.p256dh,
          auth: data.keys.auth,
          device,
        },
        { client: trx }
      )
      const stale = await trx
        .from('push_subscriptions')
        .where('user_id', user.id)
        .orderBy('id', 'desc')
        .offset(MAX_PUSH_DEVICES)
        .limit(1000)
        .select('id')
      if (stale.length) {
        await trx
          .from('push_subscriptions')
          .whereIn(
            'id',
            stale.map((old) => old.id)
          )
          .delete()
      }
      return row
    })
    return response.status(201).send({ id: created.id, device })
  }

  /** This browser stops receiving pushes for the signed-in person (by its endpoint). */
  async unsubscribe({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { endpoint } = await request.validateUsing(pushEndpointValidator)
    const removed = await db
      .from('push_subscriptions')
      .where('user_id', user.id)
      .where('endpoint', endpoint)
      .delete()
    return response.send({ removed: Number(removed) > 0 })
  }

  /** Removes one of one's own subscriptions (profile settings); anyone else's id is a 404. */
  async destroy({ auth, params, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const removed = await db
      .from('push_subscriptions')
      .where('id', params.id)
      .where('user_id', user.id)
      .delete()
    if (Number(removed) === 0) throw new E_NOT_FOUND()
    if (request.accepts(['html', 'json']) === 'json' && !request.header('x-inertia')) {
      return response.send({ removed: true })
    }
    session.flash('success', 'That device will not get push notifications any more.')
    return response.redirect().toRoute('profile.edit')
  }

  /** Push on or off for all of one's devices. */
  async setting({ auth, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const { enabled } = await request.validateUsing(pushSettingValidator)
    await db.from('users').where('id', user.id).update({ push_enabled: enabled })
    session.flash('success', enabled ? 'Push notifications are on.' : 'Push notifications are off.')
    return response.redirect().toRoute('profile.edit')
  }
}
