import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DashboardListsController = () => import('#controllers/admin/dashboard_lists_controller')

/**
 * The admin dashboard's drill-down pages (issue 19 §1): Dashboard/Account,
 * ActiveUsers, MostLikedPosts, MostCommentPosts, MostUserPosts, UserPosts.
 * The dashboard itself is `dashboard` (GET /admin, start/routes/admin.ts).
 * Admins only: everyone else gets the 403 page; :id is numeric.
 */
router
  .group(() => {
    router.get('/accounts', [DashboardListsController, 'accounts']).as('admin.dashboard.accounts')
    router
      .get('/active-users', [DashboardListsController, 'activeUsers'])
      .as('admin.dashboard.active_users')
    router
      .get('/most-liked-posts', [DashboardListsController, 'mostLiked'])
      .as('admin.dashboard.most_liked')
    router
      .get('/most-commented-posts', [DashboardListsController, 'mostCommented'])
      .as('admin.dashboard.most_commented')
    router
      .get('/top-authors', [DashboardListsController, 'topAuthors'])
      .as('admin.dashboard.top_authors')
    router
      .get('/people/:id/posts', [DashboardListsController, 'userPosts'])
      .as('admin.dashboard.user_posts')
  })
  .prefix('/admin/dashboard')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
