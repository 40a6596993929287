import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import redis from '@adonisjs/redis/services/main'
import { QueueManager, Worker } from '@adonisjs/queue'
import { DateTime } from 'luxon'
import ResetPasswordNotification from '#mails/reset_password_notification'
import SendMailJob from '#jobs/send_mail_job'
import { resolvedQueueConfig } from '#services/job_queue'
import { SCHEDULES, scheduleRecurringJobs } from '#start/scheduler'
import { UserFactory } from '#database/factories/user_factory'
import User from '#models/user'
import { countQueries } from '#tests/functional/feeds/query_counter'

/**
 * The job queue on its real stores (config/queue.ts). These tests switch
 * the queue from `sync` (the test default) to a store for their own run and
 * back, and clean the tables they touch: the store's own transactions need
 * a connection of their own (no global transaction here).
 */
const DRIVERS = ['database', 'redis'] as const
const redisMissing = !process.env.REDIS_URL

async function useDriver(driver: string) {
  const config = await resolvedQueueConfig(app, driver)
  await QueueManager.init(config)
  await QueueManager.loadJobs(config.locations)
  const worker = new Worker(config)
  return {
    worker,
    /** Runs the worker until it finds no job (at most `max` cycles). */
    async drain(queues = ['default', 'mail'], max = 10) {
      for (let i = 0; i < max; i++) {
        const cycle = await worker.processCycle(queues)
        if (!cycle || cycle.type === 'idle') return
      }
    },
    async restore() {
      await worker.stop().catch(() => {})
      await QueueManager.init(await resolvedQueueConfig(app))
    },
  }
}

async function clearQueue(driver: string) {
  if (driver === 'database') {
    await db.from('queue_jobs').delete()
    await db.from('queue_schedules').delete()
  } else {
    // The queue shares the app's `main` connection and its key prefix.
    const connection = redis.connection('main').ioConnection
    const prefix = connection.options.keyPrefix ?? ''
    const keys = [
      ...(await connection.keys(`${prefix}jobs::*`)),
      ...(await connection.keys(`${prefix}schedules*`)),
    ]
    if (keys.length > 0) await connection.del(...keys.map((key) => key.slice(prefix.length)))
  }
}

const subject = (tag: string) => `Reset your Queue-${tag} password`

for (const driver of DRIVERS) {
  test.group(`Job queue / ${driver}`, (group) => {
    let queue: Awaited<ReturnType<typeof useDriver>>
    group.each.setup(async () => {
      if (driver === 'redis' && redisMissing) return () => {}
      queue = await useDriver(driver)
      return async () => {
        await db.from('outbox_messages').where('subject', 'like', 'Reset your Queue-%').delete()
        await clearQueue(driver)
        await queue.restore()
      }
    })

    test('mail.sendLater stores a job; the mail is sent when a worker runs it', async ({
      assert,
    }) => {
      const tag = `${driver}-${Date.now()}`
      await mail.sendLater(
        new ResetPasswordNotification(
          { fullName: 'Queue Person', email: 'queue@huddle.test' },
          'http://localhost/reset/x',
          `Queue-${tag}`
        )
      )
      const before = await db.from('outbox_messages').where('subject', subject(tag))
      assert.lengthOf(before, 0, 'nothing is sent before a worker runs')
      if (driver === 'database') {
        const jobs = await db.from('queue_jobs').where('queue', 'mail')
        assert.lengthOf(jobs, 1)
        assert.equal(jobs[0].status, 'pending')
      }

      await queue.drain()

      const sent = await db.from('outbox_messages').where('subject', subject(tag))
      assert.lengthOf(sent, 1)
      assert.equal(sent[0].to_address, 'queue@huddle.test')
      if (driver === 'database') {
        assert.lengthOf(await db.from('queue_jobs'), 0, 'a completed job is removed')
      }
    }).skip(driver === 'redis' && redisMissing, 'REDIS_URL is not set')

    test('a mail the server refuses is retried later with back-off, not lost', async ({
      assert,
    }) => {
      // Nothing listens on the SMTP mailer's port here: a real connection failure.
      const compiled = {
        message: { to: 'queue@huddle.test', subject: 'Queue retry', text: 'Hi' },
        views: {},
      }
      await SendMailJob.dispatch({ mailer: 'smtp', mail: compiled as any })
      const startedAt = Date.now()
      await queue.worker.processCycle(['mail'])
      await queue.worker.processCycle(['mail'])

      const [job] = await db.from('queue_jobs').where('queue', 'mail')
      assert.exists(job, 'the job is kept')
      assert.equal(job.status, 'delayed')
      assert.isAbove(Number(job.execute_at), startedAt, 'retried later, not at once')
      assert.equal(JSON.parse(job.data).attempts, 1)
    }).skip(driver === 'redis', 'reads the database store table')

    test('an idle worker reads and takes no lock; a delayed job is taken once due', async ({
      assert,
    }) => {
      // A worker keeps the queues of its first cycle. The first cycle also
      // recovers stalled jobs (once per interval): measure the next one.
      const QUEUES = ['default', 'mail']
      const first = await queue.worker.processCycle(QUEUES)
      assert.equal(first?.type, 'idle')
      const idle = await countQueries(() => queue.worker.processCycle(QUEUES))
      assert.equal(idle.result?.type, 'idle')
      assert.deepEqual(
        idle.statements.filter((sql) => /^\s*(begin|start transaction|savepoint)/i.test(sql)),
        [],
        'no transaction while there is nothing to do'
      )
      // Is a schedule due; is there a job in `default`; in `mail`.
      assert.equal(idle.count, 3, idle.statements.join('\n'))

      // A mail the server refuses is delayed (back-off), then taken again once due.
      const compiled = {
        message: { to: 'queue@huddle.test', subject: 'Queue delayed', text: 'Hi' },
        views: {},
      }
      await SendMailJob.dispatch({ mailer: 'smtp', mail: compiled as any })
      await queue.worker.processCycle(QUEUES)
      await queue.worker.processCycle(QUEUES)
      const [delayed] = await db.from('queue_jobs').where('queue', 'mail')
      assert.equal(delayed.status, 'delayed')
      const notYet = await countQueries(() => queue.worker.processCycle(QUEUES))
      assert.equal(notYet.result?.type, 'idle', 'not taken before it is due')
      assert.equal(notYet.count, 3, notYet.statements.join('\n'))

      await db
        .from('queue_jobs')
        .where('id', delayed.id)
        .update({ execute_at: Date.now() - 1000 })
      await queue.worker.processCycle(QUEUES)
      await queue.worker.processCycle(QUEUES)
      const [again] = await db.from('queue_jobs').where('queue', 'mail')
      assert.equal(JSON.parse(again.data).attempts, 2, 'taken and tried again once due')
    }).skip(driver === 'redis', 'the database store')

    test('the daily purge is scheduled once however many nodes declare it', async ({ assert }) => {
      await scheduleRecurringJobs()
      await scheduleRecurringJobs()
      const declared = await QueueManager.use(driver).listSchedules()
      const purge = declared.filter((s) => s.id === SCHEDULES.accountsPurge.id)
      assert.lengthOf(purge, 1)
      assert.equal(purge[0].cronExpression, SCHEDULES.accountsPurge.cron)
      assert.isAbove(purge[0].nextRunAt!.getTime(), Date.now())
      // And the hourly sweep of orphan media files (app/services/media_sweep.ts).
      const sweep = declared.filter((s) => s.id === SCHEDULES.mediaSweep.id)
      assert.lengthOf(sweep, 1)
      assert.equal(sweep[0].cronExpression, '40 * * * *')
      // And the weekly team digest (app/services/weekly_digest.ts), hourly on Mondays.
      const digest = declared.filter((s) => s.id === SCHEDULES.weeklyDigest.id)
      assert.lengthOf(digest, 1)
      assert.equal(digest[0].cronExpression, '0 8-23 * * 1')
    }).skip(driver === 'redis' && redisMissing, 'REDIS_URL is not set')

    test('a due run is claimed by one worker of two, and purges the account', async ({
      assert,
    }) => {
      const user = await UserFactory.merge({
        deletionRequestedAt: DateTime.now().minus({ days: 31 }),
      }).create()
      await scheduleRecurringJobs()
      const adapter = QueueManager.use(driver)
      await adapter.updateSchedule(SCHEDULES.accountsPurge.id, {
        nextRunAt: new Date(Date.now() - 1000),
      })

      // A second node's worker races the first for the same due run.
      const other = new Worker(await resolvedQueueConfig(app, driver))
      try {
        await Promise.all([queue.worker.processCycle(['default']), other.processCycle(['default'])])
        await queue.drain(['default'])
        for (let i = 0; i < 3; i++) await other.processCycle(['default'])
      } finally {
        await other.stop().catch(() => {})
      }

      const schedules = await adapter.listSchedules()
      const purge = schedules.find((s) => s.id === SCHEDULES.accountsPurge.id)!
      assert.equal(purge.runCount, 1, 'one run, not one per worker')
      assert.isAbove(purge.nextRunAt!.getTime(), Date.now(), 'the next run is tomorrow')
      await user.refresh()
      assert.isNotNull(user.deletedAt)
      await User.query().where('id', user.id).delete()
    }).skip(driver === 'redis' && redisMissing, 'REDIS_URL is not set')
  })
}
