import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const FeedsController = () => import('#controllers/feeds/feeds_controller')

/**
 * Feeds (PRODUCT §4). "/" is public: guests get the Welcome page, externals
 * are sent to /public, members and admins get the team feed. Every list is
 * keyset-paginated with `?cursor=`.
 */
router.get('/', [FeedsController, 'home']).as('home')

router
  .group(() => {
    router.get('/public', [FeedsController, 'publicFeed']).as('feed.public')
    router.get('/my/posts', [FeedsController, 'mine']).as('posts.mine')
    router.get('/my/likes', [FeedsController, 'liked']).as('posts.liked')
    router.get('/top', [FeedsController, 'top']).as('posts.top')
  })
  .use(middleware.auth())
