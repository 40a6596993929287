import type { HttpContext } from '@adonisjs/core/http'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import { findProfile } from '#queries/people/profiles'
import { userFeed } from '#queries/feeds/feeds'
import { accountBlockReason } from '#services/account_state'
import { profileImageRules } from '#services/profile_images'
import PostTransformer from '#transformers/post_transformer'
import ProfileTransformer from '#transformers/profile_transformer'

/**
 * Homepage/UserProfile (PRODUCT §8): GET /u/:username. Unknown, not live
 * (for non-admins) or blocking the viewer → the 404 page. Someone the
 * viewer blocked: the header with Unblock and no posts. Their posts are
 * THE visibility rule's (userFeed), as an infinite-scroll prop `posts`.
 */
export default class ProfilesController {
  async show(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const found = await findProfile(viewer, ctx.params.username)
    if (!found) throw new E_NOT_FOUND()
    const { user, blockedByViewer } = found
    const self = user.id === viewer.id
    const raw = ctx.request.input('cursor')

    return ctx.inertia.render('Homepage/UserProfile', {
      profile: new ProfileTransformer(user).toObject(),
      relation: {
        self,
        blocked: blockedByViewer,
        /** Admins only: the account cannot sign in (pending, deactivated, deleted…). */
        inactive: viewer.role === 'admin' && accountBlockReason(user) !== null,
      },
      /** Not `can`: that name is the shared props' (every page's menus). */
      profileCan: {
        message: !self && !blockedByViewer,
        block: !self,
        report: !self,
        edit: self,
      },
      /** Own profile: the avatar dialog's limits. */
      avatarRules: self ? await profileImageRules('avatar') : null,
      posts: blockedByViewer
        ? null
        : ctx.inertia
            .scroll(
              async () => {
                const page = await userFeed(viewer, user.id, raw)
                return {
                  data: page.posts.map((post) => new PostTransformer(post, viewer).toObject()),
                  cursor: page.cursor,
                  nextCursor: page.nextCursor,
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
    })
  }
}
