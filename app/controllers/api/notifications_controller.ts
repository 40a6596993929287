import type { HttpContext } from '@adonisjs/core/http'
import { findOwnNotification, notificationPage, unreadCount } from '#queries/notifications'
import MarkNotificationsRead from '#actions/notifications/mark_read'
import { apiNotification } from '#transformers/api/notification_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendPage, sendRead } from '#services/api/responses'
import { apiPageValidator } from '#validators/api'

/** The token owner's notifications: the web app's queries and actions; anyone else's id is a 404. */
export default class ApiNotificationsController {
  async index(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { cursor } = await ctx.request.validateUsing(apiPageValidator, { data: ctx.request.qs() })
    const page = await notificationPage(user, cursor)
    return sendPage(ctx, page.items.map(apiNotification), page.nextCursor)
  }

  async unread(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    return sendRead(ctx, { unreadCount: await unreadCount(user.id) })
  }

  async read(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const notification = await findOwnNotification(user.id, Number(ctx.params.id))
    if (!notification) throw new ApiProblem(404, 'There is no such notification of yours.')
    await new MarkNotificationsRead().handle(user.id, notification.id)
    return ctx.response.json({ unreadCount: await unreadCount(user.id) })
  }

  async readAll(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const marked = await new MarkNotificationsRead().handle(user.id, 'all')
    return ctx.response.json({ unreadCount: 0, marked })
  }
}
