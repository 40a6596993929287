import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AdminTokensController = () => import('#controllers/admin/tokens_controller')

/**
 * Admin back office: every personal access token of the public API
 * (issue 14), listed and revocable. Admins only.
 */
router
  .group(() => {
    router.get('/tokens', [AdminTokensController, 'index']).as('admin.tokens.index')
    router
      .delete('/tokens/:id', [AdminTokensController, 'destroy'])
      .as('admin.tokens.destroy')
      .where('id', router.matchers.number())
  })
  .prefix('/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
