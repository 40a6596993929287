import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#controllers/auth/session_controller')

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('session.create')
    router.post('/login', [SessionController, 'store']).as('session.store')
  })
  .use(middleware.guest())

router
  .post('/logout', [SessionController, 'destroy'])
  .as('session.destroy')
  .use(middleware.auth({ allowPasswordChange: true }))
