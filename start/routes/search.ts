import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SearchController = () => import('#controllers/search/search_controller')

/**
 * Search and team directory (PRODUCT §8): GET /search?q=&sort=, signed-in
 * only. The header search box appears once this route exists.
 */
router
  .get('/search', [SearchController, 'index'])
  .as('search')
  .use([middleware.auth(), middleware.userThrottle({ limit: 'searches' })])
