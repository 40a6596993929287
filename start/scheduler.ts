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

export const SCHEDULES = {
  /** Anonymise accounts past their 30-day deletion grace period, daily at 03:15 UTC. */
  accountsPurge: { id: 'accounts-purge', cron: '15 3 * * *' },
}

export async function scheduleRecurringJobs() {
  await PurgeDeletedAccountsJob.schedule({})
    .id(SCHEDULES.accountsPurge.id)
    .cron(SCHEDULES.accountsPurge.cron)
    .run()
}
