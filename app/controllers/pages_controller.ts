import type { HttpContext } from '@adonisjs/core/http'

export default class PagesController {
  /**
   * Guests see the Welcome page; members and admins their team feed (Home);
   * externals have no team feed and go to the public one.
   */
  async home({ auth, inertia, response }: HttpContext) {
    const user = auth.user
    if (!user) return inertia.render('Welcome', {})
    if (user.role === 'external') return response.redirect().toRoute('feed.public')
    return inertia.render('Home', { feed: 'team' as const })
  }

  /** The public feed: everyone signed in, externals included. */
  async publicFeed({ inertia }: HttpContext) {
    return inertia.render('Home', { feed: 'public' as const })
  }
}
