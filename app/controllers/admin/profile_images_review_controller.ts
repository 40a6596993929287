import type { HttpContext } from '@adonisjs/core/http'
import { findPerson } from '#queries/admin/people'
import UserPolicy from '#policies/user_policy'
import { audit } from '#services/audit'
import { recentProfileImages } from '#queries/admin/profile_images'
import ProfileImageTransformer from '#transformers/admin/profile_image_transformer'
import { removeProfileImageValidator } from '#validators/admin_people'
import RemoveImageForRules from '#actions/admin/people/remove_image_for_rules'

/**
 * Profile/Photos: the admin review of avatars (`?kind=avatar`, default) and
 * covers (`?kind=cover`) — the member's own cover editor is Profile/Cover,
 * so both kinds share this one review page. Removing one tells its owner
 * why (a notification).
 */
export default class ProfileImagesReviewController {
  async index({ request, inertia, bouncer }: HttpContext) {
    await bouncer.with(UserPolicy).authorize('viewList')
    const kind = request.qs().kind === 'cover' ? 'cover' : 'avatar'
    const page = await recentProfileImages(kind, request.qs().cursor)
    const images = ProfileImageTransformer.transform(page.items)
    return inertia.render('Profile/Photos', {
      kind,
      images: kind === 'cover' ? images.useVariant('forCover') : images,
      nextCursor: page.nextCursor,
      paged: Boolean(request.qs().cursor),
    })
  }

  async destroy(ctx: HttpContext) {
    const { params, request, response, session, bouncer } = ctx
    const kind = params.kind === 'cover' ? 'cover' : 'avatar'
    const owner = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('manage', owner)
    const { reason } = await request.validateUsing(removeProfileImageValidator)
    const removed = await new RemoveImageForRules().handle(owner, kind, reason)
    if (!removed) {
      session.flash('error', `${owner.fullName} has no ${kind} any more.`)
      return response.redirect().back()
    }
    await audit(ctx, `user.${kind}_remove`, { type: 'user', id: owner.id }, { reason })
    session.flash(
      'success',
      `${owner.fullName}'s ${kind === 'avatar' ? 'profile photo' : 'cover'} is removed; they were told why.`
    )
    return response.redirect().back()
  }
}
