import type { HttpContext } from '@adonisjs/core/http'
import DashboardPolicy from '#policies/dashboard_policy'
import { dashboardFigures } from '#queries/admin/dashboard'
import { oneOf } from '#queries/admin/dashboard_filters'
import {
  ACTIVITY_RANGES,
  ACTIVITY_SERIES,
  activitySeries,
  rollupIsCurrent,
} from '#services/activity_rollup'
import { scheduleRollupIfStale } from '#services/activity_rollup_trigger'
import DashboardFigureTransformer from '#transformers/admin/dashboard_figure_transformer'
import ActivityDayTransformer from '#transformers/admin/activity_day_transformer'

/**
 * Admin dashboard (PRODUCT §9, issue 19 §1): every figure with its
 * definition and the link to the list it counts, and the activity chart
 * (?days=30|90|365) from the daily rollup.
 */
export default class DashboardController {
  async index({ auth, bouncer, request, inertia }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('view')
    const admin = auth.getUserOrFail()
    const days = oneOf(request.input('days'), ACTIVITY_RANGES, 30, 'days')
    // Days missing from the rollup: queue the job (it runs at once on the
    // sync queue of the tests; the page says the figures are catching up).
    let current = await rollupIsCurrent()
    if (!current && (await scheduleRollupIfStale())) current = await rollupIsCurrent()
    const [figures, activity] = await Promise.all([dashboardFigures(admin), activitySeries(days)])
    return inertia.render('Dashboard', {
      figures: DashboardFigureTransformer.transform(figures),
      activity: {
        days,
        ranges: [...ACTIVITY_RANGES],
        complete: current,
        series: ACTIVITY_SERIES.map(({ column, label, definition }) => ({
          key: column,
          label,
          definition,
        })),
        points: activity.map((day) => new ActivityDayTransformer(day).toObject()),
      },
    })
  }
}
