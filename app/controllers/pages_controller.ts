import type { HttpContext } from '@adonisjs/core/http'
import { landingRoute } from '#services/account_state'

export default class PagesController {
  /**
   * Guests see the Welcome page; members their team feed (Home); externals
   * have no team feed and go to the public one; admins land on the dashboard
   * only after sign-in, but may open the feed.
   */
  async home({ auth, inertia, response }: HttpContext) {
    const user = auth.user
    if (!user) return inertia.render('Welcome', {})
    if (user.role === 'external') return response.redirect().toRoute(landingRoute(user))
    return inertia.render('Home', { feed: 'team' as const })
  }

  async publicFeed({ inertia }: HttpContext) {
    return inertia.render('Home', { feed: 'public' as const })
  }
}
