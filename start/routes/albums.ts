import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AlbumsController = () => import('#controllers/albums/albums_controller')

/**
 * My photos and My videos (PRODUCT §8): the media of my own posts,
 * keyset-paginated with `?cursor=`.
 */
router
  .group(() => {
    router.get('/photos', [AlbumsController, 'photos']).as('photos.index')
    router.get('/videos', [AlbumsController, 'videos']).as('videos.index')
  })
  .use(middleware.auth())
