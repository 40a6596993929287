import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { accountVisibleTo, findByUsername } from '#queries/people/profiles'
import BlockPerson from '#actions/people/block_person'
import { SELF_BLOCK_MESSAGE } from '#services/people/blocks'
import UnblockPerson from '#actions/people/unblock_person'
import { wantsJson } from '#services/http/requests'

/**
 * POST / DELETE /u/:username/block (PRODUCT §8). Idempotent. An unknown
 * (or, for non-admins, inactive) account is a 404; blocking works whether
 * or not the other person blocked you (so it reveals nothing). Forms go
 * back with a flash message; JSON callers get `{ blocked }`.
 */
export default class BlocksController {
  async store(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const user = await findByUsername(ctx.params.username)
    if (!user || !accountVisibleTo(viewer, user)) throw new E_NOT_FOUND()
    if (user.id === viewer.id) {
      if (wantsJson(ctx)) {
        return ctx.response.status(422).json({ errors: [{ message: SELF_BLOCK_MESSAGE }] })
      }
      ctx.session.flash('error', SELF_BLOCK_MESSAGE)
      ctx.session.flashErrors({ block: SELF_BLOCK_MESSAGE })
      return ctx.response.redirect().back()
    }
    await new BlockPerson().handle(viewer, user)
    if (wantsJson(ctx)) return ctx.response.json({ blocked: true })
    ctx.session.flash(
      'success',
      `You blocked ${user.fullName}. You no longer see each other's posts, comments or messages.`
    )
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const user = await findByUsername(ctx.params.username)
    if (!user) throw new E_NOT_FOUND()
    // Someone you blocked stays unblockable after their account went inactive.
    const removed = await new UnblockPerson().handle(viewer, user)
    if (!removed && user.id !== viewer.id && !accountVisibleTo(viewer, user)) {
      throw new E_NOT_FOUND()
    }
    if (wantsJson(ctx)) return ctx.response.json({ blocked: false })
    ctx.session.flash('success', `You unblocked ${user.fullName}.`)
    return ctx.response.redirect().back()
  }
}
