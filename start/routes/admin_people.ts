import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PeopleController = () => import('#controllers/admin/people_controller')
const AdminsController = () => import('#controllers/admin/admins_controller')
const ImagesReviewController = () => import('#controllers/admin/profile_images_review_controller')

/**
 * People (PRODUCT §9): Users/UserList, Users/AdminList, Users/AdminForm,
 * Profile/Index, Profile/UserEdit, Profile/Photos. Admins only: everyone
 * else gets the 403 page; :id is numeric (anything else is a 404). Role
 * changes, blocks, password resets and admin creation need the password
 * typed again recently (`passwordConfirmed`: Auth/ConfirmPassword, then
 * back to the page).
 */
router
  .group(() => {
    router.get('/users', [PeopleController, 'index']).as('admin.users.index')
    router.get('/users/:id', [PeopleController, 'show']).as('admin.users.show')
    router.get('/users/:id/edit', [PeopleController, 'edit']).as('admin.users.edit')
    router.put('/users/:id', [PeopleController, 'update']).as('admin.users.update')
    router
      .put('/users/:id/role', [PeopleController, 'updateRole'])
      .as('admin.users.role')
      .use(middleware.passwordConfirmed())
    router
      .post('/users/:id/password-reset', [PeopleController, 'resetPassword'])
      .as('admin.users.password_reset')
      .use(middleware.passwordConfirmed())
    router
      .post('/users/:id/block', [PeopleController, 'block'])
      .as('admin.users.block')
      .use(middleware.passwordConfirmed())
    router
      .post('/users/:id/unblock', [PeopleController, 'unblock'])
      .as('admin.users.unblock')
      .use(middleware.passwordConfirmed())
    router.post('/users/:id/sign-out', [PeopleController, 'signOut']).as('admin.users.sign_out')

    router.get('/admins', [PeopleController, 'admins']).as('admin.admins.index')
    router
      .get('/admins/new', [AdminsController, 'create'])
      .as('admin.admins.create')
      .use(middleware.passwordConfirmed())
    router
      .post('/admins', [AdminsController, 'store'])
      .as('admin.admins.store')
      .use(middleware.passwordConfirmed())
    router.get('/admins/:id/edit', [AdminsController, 'edit']).as('admin.admins.edit')
    router.put('/admins/:id', [AdminsController, 'update']).as('admin.admins.update')

    router.get('/photos', [ImagesReviewController, 'index']).as('admin.photos.index')
    router
      .delete('/photos/:id/:kind', [ImagesReviewController, 'destroy'])
      .as('admin.photos.destroy')
      .where('kind', /^(avatar|cover)$/)
  })
  .prefix('/admin')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
