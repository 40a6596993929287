import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ModerationController = () => import('#controllers/admin/moderation_controller')
const ReportsController = () => import('#controllers/admin/reports_controller')

/**
 * Moderation (issue 19 §2): the queue of pending posts
 * (PostModerations/Index), every team post (PostModerations/IndexST) and
 * the reports queue (Reports/Index, Reports/Show). Admins only: everyone
 * else gets the 403 page; controllers authorize again with policies.
 */
router
  .group(() => {
    router.get('/moderation', [ModerationController, 'queue']).as('admin.moderation.index')
    router
      .post('/moderation/decisions', [ModerationController, 'decide'])
      .as('admin.moderation.decide')
    router.get('/moderation/posts', [ModerationController, 'posts']).as('admin.moderation.posts')
    router
      .post('/moderation/posts/:id/unpublish', [ModerationController, 'unpublish'])
      .as('admin.moderation.unpublish')
      .where('id', router.matchers.number())

    router.get('/reports', [ReportsController, 'index']).as('admin.reports.index')
    router
      .get('/reports/:type/:id', [ReportsController, 'show'])
      .as('admin.reports.show')
      .where('type', /^(post|user)$/)
      .where('id', router.matchers.number())
    router
      .post('/reports/:type/:id', [ReportsController, 'decide'])
      .as('admin.reports.decide')
      .where('type', /^(post|user)$/)
      .where('id', router.matchers.number())
  })
  .prefix('/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
