import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const WebhooksController = () => import('#controllers/admin/webhooks_controller')

/**
 * Admin → System → Webhooks (issue 14): outgoing webhook endpoints and
 * their delivery log. Admins only: everyone else gets the 403 page; the
 * controller authorizes again.
 */
router
  .group(() => {
    router.get('/webhooks', [WebhooksController, 'index']).as('admin.webhooks.index')
    router.post('/webhooks', [WebhooksController, 'store']).as('admin.webhooks.store')
    router
      .put('/webhooks/:id', [WebhooksController, 'update'])
      .as('admin.webhooks.update')
      .where('id', router.matchers.number())
    router
      .delete('/webhooks/:id', [WebhooksController, 'destroy'])
      .as('admin.webhooks.destroy')
      .where('id', router.matchers.number())
    router
      .post('/webhooks/:id/secret', [WebhooksController, 'rotate'])
      .as('admin.webhooks.rotate')
      .where('id', router.matchers.number())
    router
      .post('/webhooks/:id/test', [WebhooksController, 'test'])
      .as('admin.webhooks.test')
      .where('id', router.matchers.number())
  })
  .prefix('/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
