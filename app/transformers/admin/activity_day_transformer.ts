import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ActivityDay } from '#services/activity_rollup'

/** One day of the dashboard's activity chart (`Data.Admin.ActivityDay`). */
export default class ActivityDayTransformer extends BaseTransformer<ActivityDay> {
  toObject() {
    const day = this.resource
    return {
      day: day.day,
      posts: day.posts,
      comments: day.comments,
      likes: day.likes,
      accounts: day.accounts,
    }
  }
}
