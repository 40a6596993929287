import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DashboardController = () => import('#controllers/admin/dashboard_controller')
const SettingsController = () => import('#controllers/admin/settings_controller')
const InvitationsController = () => import('#controllers/admin/invitations_controller')
const ExternalsController = () => import('#controllers/admin/externals_controller')

/**
 * Admin back office (PRODUCT §9). Admins only: everyone else gets the 403
 * page from the role middleware; controllers authorize again with policies.
 */
router
  .group(() => {
    router.get('/', [DashboardController, 'index']).as('dashboard')

    router.get('/settings', [SettingsController, 'edit']).as('settings.edit')
    router.put('/settings', [SettingsController, 'update']).as('settings.update')
    router.post('/invitations', [InvitationsController, 'store']).as('invitations.store')

    router.get('/externals', [ExternalsController, 'index']).as('users.public')
    router
      .post('/externals/:id/approve', [ExternalsController, 'approve'])
      .as('users.approve')
      .where('id', router.matchers.number())
    router
      .post('/externals/:id/reject', [ExternalsController, 'reject'])
      .as('users.reject')
      .where('id', router.matchers.number())
  })
  .prefix('/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])

// Posts/Index, Posts/Form, Posts/Show
await import('#start/routes/admin_posts')

// AuditLog/Index, Jobs/Failed, settings: upload limits, SMTP, test mail (issue 19 part D)
await import('#start/routes/admin_system')
// Dashboard/Account, ActiveUsers, MostLikedPosts, MostCommentPosts, MostUserPosts, UserPosts
await import('#start/routes/admin_dashboard')
// PostModerations/Index, PostModerations/IndexST, Reports/Index, Reports/Show
await import('#start/routes/admin_moderation')
// Users/UserList, Users/AdminList, Users/AdminForm, Profile/Index, Profile/UserEdit, Profile/Photos
await import('#start/routes/admin_people')
