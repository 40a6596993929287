/*
|--------------------------------------------------------------------------
| Scheduler
|--------------------------------------------------------------------------
|
| Recurring jobs, run by the job queue's workers (config/queue.ts). Each
| schedule is upserted by its id when a web process is ready
| (providers/queue_worker_provider.ts), so every node may declare it; each
| run is claimed by one worker only (a row lock on PostgreSQL, a Lua script
| on Redis, the single writer on SQLite).
|
*/
import PurgeDeletedAccountsJob from '#jobs/purge_deleted_accounts_job'
import RollupActivityJob from '#jobs/rollup_activity_job'
import LiftExpiredBlocksJob from '#jobs/lift_expired_blocks_job'
import SweepOrphanMediaJob from '#jobs/sweep_orphan_media_job'
import SendAwaySummariesJob from '#jobs/send_away_summaries_job'
import SendWeeklyDigestsJob from '#jobs/send_weekly_digests_job'

export const SCHEDULES = {
  /** Anonymise accounts past their 30-day deletion grace period, daily at 03:15 UTC. */
  accountsPurge: { id: 'accounts-purge', cron: '15 3 * * *' },
  /** The dashboard's daily activity rollup (app/services/activity_rollup.ts), hourly. */
  activityRollup: { id: 'activity-rollup', cron: '5 * * * *' },
  /** Lift administrators' blocks past their end date, hourly at :07. */
  blocksLift: { id: 'blocks-lift', cron: '7 * * * *' },
  /** Delete stored files no row references, older than an hour (app/services/media_sweep.ts). */
  mediaSweep: { id: 'media-sweep', cron: '40 * * * *' },
  /** One summary mail per person away (app/services/away_summaries.ts), every 5 minutes. */
  awaySummaries: { id: 'away-summaries', cron: '*/5 * * * *' },
  /**
   * The weekly team digest when the team has it on (app/services/weekly_digest.ts):
   * hourly on Mondays from 08:00 UTC, each person once, outside their quiet hours.
   */
  weeklyDigest: { id: 'weekly-digest', cron: '0 8-23 * * 1' },
}

export async function scheduleRecurringJobs() {
  await PurgeDeletedAccountsJob.schedule({})
    .id(SCHEDULES.accountsPurge.id)
    .cron(SCHEDULES.accountsPurge.cron)
    .run()
  await RollupActivityJob.schedule({})
    .id(SCHEDULES.activityRollup.id)
    .cron(SCHEDULES.activityRollup.cron)
    .run()
  await LiftExpiredBlocksJob.schedule({})
    .id(SCHEDULES.blocksLift.id)
    .cron(SCHEDULES.blocksLift.cron)
    .run()
  await SweepOrphanMediaJob.schedule({})
    .id(SCHEDULES.mediaSweep.id)
    .cron(SCHEDULES.mediaSweep.cron)
    .run()
  await SendAwaySummariesJob.schedule({})
    .id(SCHEDULES.awaySummaries.id)
    .cron(SCHEDULES.awaySummaries.cron)
    .run()
  await SendWeeklyDigestsJob.schedule({})
    .id(SCHEDULES.weeklyDigest.id)
    .cron(SCHEDULES.weeklyDigest.cron)
    .run()
}
