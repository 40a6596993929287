import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PagesController = () => import('#controllers/pages_controller')

router.get('/', [PagesController, 'home']).as('home')
router.get('/public', [PagesController, 'publicFeed']).as('feed.public').use(middleware.auth())
