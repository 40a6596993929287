import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const NotificationsController = () => import('#controllers/notifications/notifications_controller')
const LiveFeedController = () => import('#controllers/feeds/live_feed_controller')

/**
 * Notifications (PRODUCT §6), signed-in only, one's own only. Ids are
 * numeric (anything else falls through to the 404 page).
 */
router
  .group(() => {
    router.get('/notifications', [NotificationsController, 'index']).as('notifications.index')
    router
      .get('/notifications/latest', [NotificationsController, 'latest'])
      .as('notifications.latest')
    router
      .post('/notifications/read-all', [NotificationsController, 'readAll'])
      .as('notifications.read_all')
    // POST: opening marks it read, and no GET may write (SECURITY T6). Links
    // point at the target itself; a click also posts here (or to read).
    router
      .post('/notifications/:id/open', [NotificationsController, 'open'])
      .as('notifications.open')
      .where('id', router.matchers.number())
    router
      .post('/notifications/:id/read', [NotificationsController, 'read'])
      .as('notifications.read')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())

/**
 * Live feeds (issue 4 §4): how many new posts of the team or public feed,
 * newer than `?after=<id>`, the viewer may see (JSON, for the "N new posts" bar).
 */
router
  .get('/feeds/:feed/new', [LiveFeedController, 'newPosts'])
  .as('feed.new')
  .where('feed', /^(team|public)$/)
  .use(middleware.auth())
