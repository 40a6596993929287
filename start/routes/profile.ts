import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProfileController = () => import('#controllers/profile/profile_controller')
const PasswordController = () => import('#controllers/profile/password_controller')
const SessionsController = () => import('#controllers/profile/sessions_controller')
const TokensController = () => import('#controllers/profile/tokens_controller')

/**
 * Profile settings (PRODUCT §2): every signed-in account, its own data only.
 */
router
  .group(() => {
    router.get('/profile', [ProfileController, 'edit']).as('profile.edit')
    router.put('/profile', [ProfileController, 'update']).as('profile.update')
    router.delete('/profile', [ProfileController, 'destroy']).as('profile.destroy')
    router.put('/profile/password', [PasswordController, 'update']).as('profile.password')
    router
      .post('/profile/sessions/others', [SessionsController, 'destroyOthers'])
      .as('profile.sessions.destroy_others')
    // Personal access tokens of the public API (issue 14).
    router.get('/profile/tokens', [TokensController, 'index']).as('profile.tokens.index')
    router.post('/profile/tokens', [TokensController, 'store']).as('profile.tokens.store')
    router
      .delete('/profile/tokens/:id', [TokensController, 'destroy'])
      .as('profile.tokens.destroy')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())
