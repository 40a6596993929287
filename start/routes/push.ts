import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PushSubscriptionsController = () =>
  import('#controllers/profile/push_subscriptions_controller')
const ManifestController = () => import('#controllers/pwa/manifest_controller')

/**
 * Web Push (issue 15 §2): one's own subscriptions only, CSRF-checked like
 * every form (the browser sends the XSRF header).
 */
router
  .group(() => {
    router.post('/push/subscriptions', [PushSubscriptionsController, 'store']).as('push.store')
    router
      .post('/push/unsubscribe', [PushSubscriptionsController, 'unsubscribe'])
      .as('push.unsubscribe')
    router
      .delete('/push/subscriptions/:id', [PushSubscriptionsController, 'destroy'])
      .as('push.destroy')
      .where('id', router.matchers.number())
    router.put('/profile/push', [PushSubscriptionsController, 'setting']).as('push.setting')
  })
  .use(middleware.auth())

/** The installable app (issue 15 §1): its manifest (the team's name) and service worker, public. */
router.get('/manifest.webmanifest', [ManifestController, 'show']).as('pwa.manifest')
router.get('/sw.js', [ManifestController, 'serviceWorker']).as('pwa.service_worker')
