import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import {
  findOwnNotification,
  latestNotifications,
  notificationPage,
  syncedUnreadCount,
  unreadCount,
} from '#queries/notifications'
import { targetUrl } from '#services/notification_targets'
import NotificationTransformer from '#transformers/notification_transformer'
import MarkNotificationsRead from '#actions/notifications/mark_read'
import { wantsJson } from '#services/http/requests'

/**
 * Notifications (PRODUCT §6): the page (Homepage/Notifications, admins
 * Dashboard/Notification), the bell's dropdown (JSON), opening one (marks
 * it read, then goes to its target) and marking one or all read. Only the
 * signed-in user's own notifications: any other id is a 404.
 */
export default class NotificationsController {
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const raw = ctx.request.input('cursor')
    const page = user.role === 'admin' ? 'Dashboard/Notification' : 'Homepage/Notifications'
    return ctx.inertia.render(page, {
      notifications: ctx.inertia
        .scroll(
          async () => {
            const result = await notificationPage(user, raw)
            return {
              data: result.items.map((item) => new NotificationTransformer(item).toObject()),
              cursor: result.cursor,
              nextCursor: result.nextCursor,
            }
          },
          (value) => ({
            pageName: 'cursor',
            currentPage: value.cursor,
            nextPage: value.nextCursor,
            previousPage: null,
          })
        )
        .matchOn('id'),
      unreadCount: await syncedUnreadCount(user),
    })
  }

  /** The bell's dropdown: the latest few and the unread count (JSON only). */
  async latest(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (!wantsJson(ctx)) {
      return ctx.response
        .status(406)
        .send('This list is available as JSON only (Accept: application/json).')
    }
    const latest = await latestNotifications(user)
    return ctx.response.json({
      items: latest.items.map((item) => new NotificationTransformer(item).toObject()),
      unreadCount: latest.unreadCount,
    })
  }

  /** Marks the notification read and goes to what it is about. */
  async open(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const notification = await findOwnNotification(user.id, Number(ctx.params.id))
    if (!notification) throw new E_NOT_FOUND()
    await new MarkNotificationsRead().handle(user.id, notification.id)
    return ctx.response.redirect(targetUrl(notification))
  }

  async read(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const notification = await findOwnNotification(user.id, Number(ctx.params.id))
    if (!notification) throw new E_NOT_FOUND()
    await new MarkNotificationsRead().handle(user.id, notification.id)
    if (wantsJson(ctx)) return ctx.response.json({ unreadCount: await unreadCount(user.id) })
    return ctx.response.redirect().back()
  }

  async readAll(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const marked = await new MarkNotificationsRead().handle(user.id, 'all')
    if (wantsJson(ctx)) return ctx.response.json({ unreadCount: 0, marked })
    ctx.session.flash('success', 'All notifications are marked as read.')
    return ctx.response.redirect().back()
  }
}
