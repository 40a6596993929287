import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const NotificationSettingsController = () =>
  import('#controllers/profile/notification_settings_controller')

/**
 * Notification settings (issue 15 §4): one's own grid, quiet hours and
 * e-mail when away; muting a post one can see or a conversation one is in.
 */
router
  .group(() => {
    router
      .get('/profile/notifications', [NotificationSettingsController, 'edit'])
      .as('profile.notifications.edit')
    router
      .put('/profile/notifications', [NotificationSettingsController, 'update'])
      .as('profile.notifications.update')
    router
      .put('/posts/:id/mute', [NotificationSettingsController, 'mutePost'])
      .as('posts.mute')
      .where('id', router.matchers.number())
    router
      .put('/messages/:username/mute', [NotificationSettingsController, 'muteConversation'])
      .as('messages.mute')
  })
  .use(middleware.auth())

const EmailUnsubscribeController = () => import('#controllers/email_unsubscribe_controller')

/**
 * One-click unsubscribe from notification e-mails (issue 15 §3): signed
 * links, no sign-in; the POST is exempt from CSRF (config/shield.ts).
 */
router.get('/email/unsubscribe/:id', [EmailUnsubscribeController, 'show']).as('email.unsubscribe')
router
  .post('/email/unsubscribe/:id', [EmailUnsubscribeController, 'store'])
  .as('email.unsubscribe.store')
