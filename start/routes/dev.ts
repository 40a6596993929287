import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OutboxController = () => import('#controllers/dev/outbox_controller')

/**
 * Development helpers: the mail outbox (mails sent without SMTP land here).
 * devOnly() answers 404 in production, so these URLs do not exist there.
 */
router
  .group(() => {
    router.get('/dev/outbox', [OutboxController, 'index']).as('dev.outbox')
    router
      .get('/dev/outbox/:id', [OutboxController, 'show'])
      .as('dev.outbox.show')
      .where('id', router.matchers.number())
  })
  .use(middleware.devOnly())
