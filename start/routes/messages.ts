import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const MessagesController = () => import('#controllers/messages/messages_controller')

/**
 * Private messages (PRODUCT §7), signed-in only. A conversation is
 * addressed by the other person's username (profiles link to
 * `messages.show`); the signed-in user is always the other side.
 * Attachments count against the hourly upload quota (uploadsThrottle);
 * sending is limited per user in the controller.
 */
router
  .group(() => {
    router.get('/messages', [MessagesController, 'index']).as('messages.index')
    router.get('/messages/:username', [MessagesController, 'show']).as('messages.show')
    router
      .get('/messages/:username/history', [MessagesController, 'history'])
      .as('messages.history')
    router
      .post('/messages/:username', [MessagesController, 'store'])
      .as('messages.store')
      .use(middleware.uploadsThrottle())
    router.post('/messages/:username/read', [MessagesController, 'read']).as('messages.read')
    router.post('/messages/:username/typing', [MessagesController, 'typing']).as('messages.typing')
  })
  .use(middleware.auth())
