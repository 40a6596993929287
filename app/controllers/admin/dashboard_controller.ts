import type { HttpContext } from '@adonisjs/core/http'
import { accountStats } from '#services/dashboard_stats'

/** Admin dashboard (PRODUCT §9): account figures with their definitions. */
export default class DashboardController {
  async index({ inertia }: HttpContext) {
    return inertia.render('Dashboard', { accounts: await accountStats() })
  }
}
