import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AdminPostsController = () => import('#controllers/admin/posts_controller')

/**
 * Admin posts (Posts/Index, Posts/Form, Posts/Show), approving and
 * rejecting pending posts. Admins only: everyone
 * else gets the 403 page; :id is numeric (anything else is a 404).
 */
router
  .group(() => {
    router.get('/posts', [AdminPostsController, 'index']).as('admin.posts.index')
    router.get('/posts/new', [AdminPostsController, 'create']).as('admin.posts.create')
    router
      .post('/posts', [AdminPostsController, 'store'])
      .as('admin.posts.store')
      .use(middleware.uploadsThrottle())
    router.get('/posts/:id', [AdminPostsController, 'show']).as('admin.posts.show')
    router.get('/posts/:id/edit', [AdminPostsController, 'edit']).as('admin.posts.edit')
    router
      .put('/posts/:id', [AdminPostsController, 'update'])
      .as('admin.posts.update')
      .use(middleware.uploadsThrottle())
    router.delete('/posts/:id', [AdminPostsController, 'destroy']).as('admin.posts.destroy')
    router.post('/posts/:id/approve', [AdminPostsController, 'approve']).as('admin.posts.approve')
    router.post('/posts/:id/reject', [AdminPostsController, 'reject']).as('admin.posts.reject')
  })
  .prefix('/admin')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
