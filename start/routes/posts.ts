import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PostsController = () => import('#controllers/posts/posts_controller')
const MentionsController = () => import('#controllers/posts/mentions_controller')
const MediaController = () => import('#controllers/media/media_controller')

/**
 * Posts, their files and the mention autocomplete (PRODUCT §3). Every route
 * needs a signed-in account; :id is numeric (anything else is a 404).
 */
router
  .group(() => {
    router.get('/posts/new', [PostsController, 'create']).as('posts.create')
    router
      .post('/posts', [PostsController, 'store'])
      .as('posts.store')
      .use(middleware.userThrottle({ limit: 'posts' }))
      .use(middleware.uploadsThrottle())
    router.get('/posts/:id', [PostsController, 'show']).as('posts.show')
    router.get('/posts/:id/edit', [PostsController, 'edit']).as('posts.edit')
    router
      .put('/posts/:id', [PostsController, 'update'])
      .as('posts.update')
      .use(middleware.uploadsThrottle())
    router.delete('/posts/:id', [PostsController, 'destroy']).as('posts.destroy')
    router
      .post('/posts/:id/share', [PostsController, 'share'])
      .as('posts.share')
      .use(middleware.userThrottle({ limit: 'shares' }))
    router.get('/mentions', [MentionsController, 'search']).as('mentions.search')
    router
      .get('/media/:id/:variant?', [MediaController, 'show'])
      .as('media.show')
      .where('variant', /^(original|display|thumb)$/)
  })
  .where('id', router.matchers.number())
  .use(middleware.auth())
