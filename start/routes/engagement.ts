import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LikesController = () => import('#controllers/engagement/likes_controller')
const CommentsController = () => import('#controllers/engagement/comments_controller')

/**
 * Likes and comments (PRODUCT §5), signed-in only. Ids are numeric (anything
 * else falls through to the 404 page); what the viewer cannot see is a 404.
 */
router
  .group(() => {
    router
      .post('/posts/:id/like', [LikesController, 'togglePost'])
      .as('posts.like')
      .where('id', router.matchers.number())
      .use(middleware.userThrottle({ limit: 'likes' }))
    router
      .get('/posts/:id/likes', [LikesController, 'index'])
      .as('posts.likes')
      .where('id', router.matchers.number())
    router
      .post('/comments/:id/like', [LikesController, 'toggleComment'])
      .as('comments.like')
      .where('id', router.matchers.number())
      .use(middleware.userThrottle({ limit: 'likes' }))
    router
      .post('/posts/:id/comments', [CommentsController, 'store'])
      .as('comments.store')
      .where('id', router.matchers.number())
      .use(middleware.userThrottle({ limit: 'comments' }))
      .use(middleware.uploadsThrottle())
    router
      .delete('/comments/:id', [CommentsController, 'destroy'])
      .as('comments.destroy')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())
