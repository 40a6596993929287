import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { muteValidator, notificationSettingsValidator } from '#validators/notification_settings'
import { isTimeZone, saveGrid, saveSettingsRow } from '#services/notification_preferences'
import { notificationSettingsOf } from '#queries/notification_settings'
import NotificationSettingsTransformer from '#transformers/notification_settings_transformer'
import { canViewPost } from '#queries/feeds/visible_posts'
import { conversationIdBetween } from '#queries/messages/conversations'
import { findByUsername } from '#queries/people/profiles'
import { wantsJson } from '#services/http/requests'
import { dbNow } from '#services/db/db_time'

function minutes(clock: string | null | undefined) {
  if (!clock) return null
  const [hours, mins] = clock.split(':').map(Number)
  return hours * 60 + mins
}

function invalid(field: string, message: string) {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule: field }])
}

/**
 * Notification settings (issue 15 §4), the signed-in person's own: the
 * grid of kinds × channels, quiet hours in their time zone, e-mail when
 * away; and "mute this post" / "mute this conversation" from their menus.
 */
export default class NotificationSettingsController {
  async edit({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const record = await notificationSettingsOf(user)
    return inertia.render('Profile/Notifications', {
      settings: new NotificationSettingsTransformer(record).toObject(),
    })
  }

  async update({ auth, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const data = await request.validateUsing(notificationSettingsValidator)
    const start = minutes(data.quietStart)
    const end = minutes(data.quietEnd)
    if ((start === null) !== (end === null)) {
      throw invalid('quietEnd', 'Give both the start and the end of your quiet hours, or neither.')
    }
    if (start !== null && start === end) {
      throw invalid('quietEnd', 'Quiet hours must end at another time than they start.')
    }
    if (data.timeZone && !isTimeZone(data.timeZone)) {
      throw invalid('timeZone', 'Choose a time zone from the list.')
    }
    await db.transaction(async (trx) => {
      if (data.grid) await saveGrid(user.id, data.grid, trx)
      const changes: Parameters<typeof saveSettingsRow>[1] = {}
      if (data.quietStart !== undefined || data.quietEnd !== undefined) {
        changes.quiet_start = start
        changes.quiet_end = end
      }
      if (data.timeZone !== undefined) changes.time_zone = data.timeZone || null
      if (data.emailAfterMinutes !== undefined) changes.email_after_minutes = data.emailAfterMinutes
      if (data.emailEnabled !== undefined) changes.email_unsubscribed = !data.emailEnabled
      if (data.digestEnabled !== undefined) changes.digest_unsubscribed = !data.digestEnabled
      if (Object.keys(changes).length) await saveSettingsRow(user.id, changes, trx)
    })
    session.flash('success', 'Notification settings saved.')
    return response.redirect().toRoute('profile.notifications.edit')
  }

  /** PUT /posts/:id/mute {muted}: a post one cannot see is a 404. */
  async mutePost(ctx: HttpContext) {
    const { auth, params, request } = ctx
    const user = auth.getUserOrFail()
    const { muted } = await request.validateUsing(muteValidator)
    const postId = Number(params.id)
    if (!(await canViewPost(user, postId))) throw new E_NOT_FOUND()
    await setMute(user.id, 'post', postId, muted)
    return answer(
      ctx,
      muted,
      muted
        ? 'You will not be notified about this post any more.'
        : 'You will be notified about this post again.'
    )
  }

  /** PUT /messages/:username/mute {muted}: only a conversation one is in. */
  async muteConversation(ctx: HttpContext) {
    const { auth, params, request } = ctx
    const user = auth.getUserOrFail()
    const { muted } = await request.validateUsing(muteValidator)
    const other = await findByUsername(String(params.username))
    const conversationId = other ? await conversationIdBetween(user.id, other.id) : null
    if (!conversationId) throw new E_NOT_FOUND()
    await setMute(user.id, 'conversation', conversationId, muted)
    return answer(
      ctx,
      muted,
      muted
        ? 'You will not be notified about this conversation any more.'
        : 'You will be notified about this conversation again.'
    )
  }
}

async function setMute(
  userId: number,
  targetType: 'post' | 'conversation',
  targetId: number,
  muted: boolean
) {
  if (muted) {
    await db
      .insertQuery()
      .table('notification_mutes')
      .insert({
        user_id: userId,
        target_type: targetType,
        target_id: targetId,
        created_at: dbNow(),
      })
      .onConflict(['user_id', 'target_type', 'target_id'])
      .ignore()
  } else {
    await db
      .from('notification_mutes')
      .where({ user_id: userId, target_type: targetType, target_id: targetId })
      .delete()
  }
}

function answer(ctx: HttpContext, muted: boolean, message: string) {
  if (wantsJson(ctx)) return ctx.response.send({ muted, message })
  ctx.session.flash('success', message)
  return ctx.response.redirect().back()
}
