import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ProfilesController = () => import('#controllers/people/profiles_controller')
const BlocksController = () => import('#controllers/people/blocks_controller')
const ReportsController = () => import('#controllers/people/reports_controller')
const ProfileImagesController = () => import('#controllers/people/profile_images_controller')

/**
 * People (PRODUCT §8), signed-in only: profiles, blocking, reports, and
 * one's own avatar and cover (served through authorising routes). A
 * username outside [a-z0-9._] (any case) falls through to the 404 page.
 */
const USERNAME = /^[A-Za-z0-9._]{1,30}$/

router
  .group(() => {
    router
      .get('/u/:username', [ProfilesController, 'show'])
      .as('profiles.show')
      .where('username', USERNAME)
    router
      .post('/u/:username/block', [BlocksController, 'store'])
      .as('blocks.store')
      .where('username', USERNAME)
    router
      .delete('/u/:username/block', [BlocksController, 'destroy'])
      .as('blocks.destroy')
      .where('username', USERNAME)

    router.post('/reports', [ReportsController, 'store']).as('reports.store')

    router.get('/profile/cover', [ProfileImagesController, 'editCover']).as('profile.cover')
    router
      .post('/profile/cover', [ProfileImagesController, 'updateCover'])
      .as('profile.cover.update')
      .use(middleware.uploadsThrottle())
    router
      .delete('/profile/cover', [ProfileImagesController, 'destroyCover'])
      .as('profile.cover.destroy')
    router
      .post('/profile/avatar', [ProfileImagesController, 'updateAvatar'])
      .as('profile.avatar.update')
      .use(middleware.uploadsThrottle())
    router
      .delete('/profile/avatar', [ProfileImagesController, 'destroyAvatar'])
      .as('profile.avatar.destroy')

    router
      .get('/users/:id/avatar', [ProfileImagesController, 'showAvatar'])
      .as('users.avatar')
      .where('id', router.matchers.number())
    router
      .get('/users/:id/cover', [ProfileImagesController, 'showCover'])
      .as('users.cover')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())
