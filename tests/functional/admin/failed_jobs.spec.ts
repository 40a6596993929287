import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { QueueManager, Worker } from '@adonisjs/queue'
import { knex } from '@boringnode/queue/drivers/knex_adapter'
import env from '#start/env'
import { resolvedQueueConfig } from '#services/job_queue'
import { UserFactory } from '#database/factories/user_factory'
import User from '#models/user'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'

/**
 * Jobs/Failed on the database store's own table, written by the store
 * itself (@boringnode/queue's knex adapter: push, pop, fail), as a worker
 * would. The adapter runs its own transactions, so this group does not use
 * a global transaction: it removes what it wrote.
 */
function store() {
  return knex(db.connection().getWriteClient() as any)()
}

/** A SendMailJob that used up its attempts, the way the worker leaves it. */
async function failedMailJob(subject = 'Reset your password') {
  const adapter = store()
  const id = randomUUID()
  await adapter.pushOn('mail', {
    id,
    name: 'SendMailJob',
    payload: {
      mailer: 'app',
      mail: {
        message: {
          to: [{ address: 'ana@huddle.test', name: 'Ana' }],
          subject,
          html: '<a href="https://huddle.test/reset/SECRET-TOKEN">Reset</a>',
        },
        views: {},
      },
    },
    attempts: 30,
  })
  const job = await adapter.popFrom('mail')
  await adapter.failJob(job!.id, 'mail', new Error('connect ECONNREFUSED 127.0.0.1:587'), {
    age: '7d', // config/queue.ts removeOnFail
  })
  return id
}

const jobRow = (id: string) => db.from('queue_jobs').where({ id, queue: 'mail' }).first()
const jobStatus = async (id: string) => {
  const row = await jobRow(id)
  return row?.status
}
const pageProps = async (request: PromiseLike<{ inertiaProps: unknown }>) => {
  const response = await request
  return response.inertiaProps as any
}

test.group('Admin / failed jobs', (group) => {
  let admin: User
  let member: User
  group.each.setup(async () => {
    clearSettingsCache()
    forgetTeamPanel()
    admin = await UserFactory.apply('admin').create()
    member = await UserFactory.create()
    return async () => {
      await db.from('queue_jobs').delete()
      await db.from('audit_logs').whereIn('actor_id', [admin.id, member.id]).delete()
      await User.query().whereIn('id', [admin.id, member.id]).delete()
    }
  })

  test('guest, member and external cannot see or touch failed jobs', async ({ client, assert }) => {
    const id = await failedMailJob()
    const guest = await client.get('/admin/jobs').redirects(0)
    guest.assertHeader('location', '/login')
    const external = await UserFactory.apply('external').create()
    try {
      for (const user of [member, external]) {
        const page = await client.get('/admin/jobs').loginAs(user).withInertia()
        page.assertStatus(403)
        const retry = await client
          .post(`/admin/jobs/mail/${id}/retry`)
          .withCsrfToken()
          .loginAs(user)
          .withInertia()
        retry.assertStatus(403)
        const discard = await client
          .delete(`/admin/jobs/mail/${id}`)
          .withCsrfToken()
          .loginAs(user)
          .withInertia()
        discard.assertStatus(403)
      }
    } finally {
      await external.delete()
    }
    assert.equal(await jobStatus(id), 'failed', 'nothing changed')
  })

  test('admin sees the failed job: name, queue, error, attempts, time; never the mail body', async ({
    client,
    assert,
  }) => {
    const id = await failedMailJob()
    const response = await client.get('/admin/jobs').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Jobs/Failed')
    const { jobs, total } = response.inertiaProps as any
    assert.equal(total, 1)
    assert.lengthOf(jobs, 1)
    assert.containsSubset(jobs[0], {
      id,
      queue: 'mail',
      name: 'SendMailJob',
      attempts: 30,
      error: 'connect ECONNREFUSED 127.0.0.1:587',
      mail: { subject: 'Reset your password', to: 'ana@huddle.test' },
    })
    assert.match(jobs[0].failedAt, /^\d{4}-\d{2}-\d{2}T/)
    assert.notInclude(JSON.stringify(response.inertiaProps), 'SECRET-TOKEN')
  })

  test('no failed jobs: an empty list', async ({ client, assert }) => {
    const response = await client.get('/admin/jobs').loginAs(admin).withInertia()
    assert.deepEqual((response.inertiaProps as any).jobs, [])
  })

  test('retry puts the job back in its queue: a worker picks it up again; audited', async ({
    client,
    assert,
  }) => {
    const id = await failedMailJob()
    const response = await client
      .post(`/admin/jobs/mail/${id}/retry`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/jobs')
    response.assertFlashMessage('success', 'SendMailJob is back in the "mail" queue.')

    const row = await jobRow(id)
    assert.equal(row.status, 'pending')
    assert.isNull(row.error)
    assert.equal(JSON.parse(row.data).attempts, 0)

    const again = await store().popFrom('mail')
    assert.equal(again?.id, id, 'the store hands the job to the next worker')

    const log = await db.from('audit_logs').where('action', 'job.retry').firstOrFail()
    assert.equal(log.actor_id, admin.id)
    assert.containsSubset(JSON.parse(log.meta), {
      job: 'SendMailJob',
      queue: 'mail',
      id,
      subject: 'Reset your password',
    })
  })

  test('discard deletes the job for good; audited', async ({ client, assert }) => {
    const id = await failedMailJob('Welcome')
    const response = await client
      .delete(`/admin/jobs/mail/${id}`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/jobs')
    assert.isNull(await jobRow(id))
    const log = await db.from('audit_logs').where('action', 'job.discard').firstOrFail()
    assert.containsSubset(JSON.parse(log.meta), { id, subject: 'Welcome' })
  })

  test('a job that is not (or no longer) failed is a 404 and nothing is written', async ({
    client,
    assert,
  }) => {
    const adapter = store()
    const pendingId = randomUUID()
    await adapter.pushOn('mail', { id: pendingId, name: 'SendMailJob', payload: {}, attempts: 0 })
    for (const url of [
      `/admin/jobs/mail/${pendingId}/retry`,
      `/admin/jobs/default/${pendingId}/retry`,
      `/admin/jobs/mail/no-such-job/retry`,
    ]) {
      const response = await client.post(url).withCsrfToken().loginAs(admin)
      response.assertStatus(404)
    }
    const discard = await client
      .delete(`/admin/jobs/mail/no-such-job`)
      .withCsrfToken()
      .loginAs(admin)
    discard.assertStatus(404)
    // An unknown queue or a malformed id does not match the route at all.
    const badQueue = await client
      .post(`/admin/jobs/nope/${pendingId}/retry`)
      .withCsrfToken()
      .loginAs(admin)
    badQueue.assertStatus(404)
    const badId = await client.post(`/admin/jobs/mail/a%20b/retry`).withCsrfToken().loginAs(admin)
    badId.assertStatus(404)

    assert.equal(await jobStatus(pendingId), 'pending')
    assert.lengthOf(await db.from('audit_logs').where('actor_id', admin.id), 0)
  })

  test('keyset pages of 25, newest failure first', async ({ client, assert }) => {
    const ids: string[] = []
    for (let i = 0; i < 27; i++) ids.push(await failedMailJob(`Mail ${i}`))
    const first = await pageProps(client.get('/admin/jobs').loginAs(admin).withInertia())
    assert.lengthOf(first.jobs, 25)
    assert.isString(first.nextCursor)
    const second = await pageProps(
      client.get('/admin/jobs').qs({ cursor: first.nextCursor }).loginAs(admin).withInertia()
    )
    assert.lengthOf(second.jobs, 2)
    assert.isNull(second.nextCursor)
    const seen = [...first.jobs, ...second.jobs].map((job: any) => job.id)
    assert.sameMembers(seen, ids)
    assert.lengthOf(new Set(seen), 27)

    const bad = await client.get('/admin/jobs').qs({ cursor: 'x' }).loginAs(admin)
    bad.assertStatus(400)
  })
})

/**
 * The same page on the `redis` store (QUEUE_DRIVER=redis for the test): a
 * real worker on @boringnode/queue's redis adapter runs SendMailJobs whose
 * SMTP server refuses them (nothing listens on 127.0.0.1:587) until they
 * have used up their attempts, so the failed jobs are where and as the
 * store leaves them. Needs REDIS_URL, on a database of its own (e.g.
 * redis://127.0.0.1:6379/5): each test starts and ends with no `jobs::*`
 * and `schedules*` keys under the app's prefix there.
 */
const noRedis = !process.env.REDIS_URL
const NO_REDIS = 'REDIS_URL is not set'

/** The queue's connection: ioredis adds the key prefix (`huddle:`) to each key named. */
const queueRedis = () => redis.connection('main').ioConnection

async function clearRedisQueue() {
  const connection = queueRedis()
  const prefix = connection.options.keyPrefix ?? ''
  const keys = [
    ...(await connection.keys(`${prefix}jobs::*`)),
    ...(await connection.keys(`${prefix}schedules*`)),
  ]
  if (keys.length > 0) await connection.del(...keys.map((key) => key.slice(prefix.length)))
}

/** Every key of the queue under the app's prefix, as Redis names them. */
const redisQueueKeys = async () => {
  const connection = queueRedis()
  const keys = await connection.keys(`${connection.options.keyPrefix ?? ''}jobs::*`)
  return keys.sort()
}

test.group('Admin / failed jobs / redis store', (group) => {
  let admin: User
  let member: User
  let worker: Worker
  let previousDriver: string | undefined

  const redisStore = () => QueueManager.use('redis')
  const redisJobStatus = async (id: string, queue = 'mail') => {
    const job = await redisStore().getJob(id, queue)
    return job?.status
  }

  /** Runs the worker until it is done with the job (or finds nothing to do). */
  async function runWorker(id: string) {
    for (let i = 0; i < 10; i++) {
      const cycle = await worker.processCycle(['default', 'mail'])
      if (!cycle || cycle.type === 'idle' || cycle.type === 'error') return
      if (cycle.type === 'completed' && cycle.job.id === id) return
    }
  }

  /**
   * A job that the worker ran until it failed for good: a SendMailJob has
   * 30 attempts, so from 29 it fails once, waits its back-off (cut short
   * here), and fails again. Its attempts then live in the store's metadata.
   */
  async function failedJob(
    options: {
      subject?: string
      queue?: string
      name?: string
      attempts?: number
      dedup?: string
    } = {}
  ) {
    const { queue = 'mail', name = 'SendMailJob', attempts = 29 } = options
    const id = randomUUID()
    await redisStore().pushOn(queue, {
      id,
      name,
      payload: {
        mailer: 'smtp',
        mail: {
          message: {
            to: [{ address: 'ana@huddle.test', name: 'Ana' }],
            subject: options.subject ?? 'Reset your password',
            html: '<a href="https://huddle.test/reset/SECRET-TOKEN">Reset</a>',
          },
          views: {},
        },
      },
      attempts,
      ...(options.dedup ? { dedup: { id: options.dedup } } : {}),
    })
    for (let run = 0; run < 5; run++) {
      const status = await redisJobStatus(id, queue)
      if (status === 'failed') return id
      // The back-off is over.
      if (status === 'delayed') await queueRedis().zadd(`jobs::${queue}::delayed`, 'XX', 0, id)
      await runWorker(id)
    }
    throw new Error(`The job ${id} did not fail (${await redisJobStatus(id, queue)})`)
  }

  group.each.setup(async () => {
    clearSettingsCache()
    forgetTeamPanel()
    previousDriver = env.get('QUEUE_DRIVER')
    env.set('QUEUE_DRIVER', 'redis')
    const config = await resolvedQueueConfig(app, 'redis')
    await QueueManager.init(config)
    await QueueManager.loadJobs(config.locations)
    worker = new Worker(config)
    await clearRedisQueue()
    admin = await UserFactory.apply('admin').create()
    member = await UserFactory.create()
    return async () => {
      await worker.stop().catch(() => {})
      await clearRedisQueue()
      await QueueManager.init(await resolvedQueueConfig(app))
      // Env.set stores what it is given: an empty value reads as unset.
      env.set('QUEUE_DRIVER', previousDriver ?? ('' as any))
      await db.from('audit_logs').whereIn('actor_id', [admin.id, member.id]).delete()
      await User.query().whereIn('id', [admin.id, member.id]).delete()
    }
  })

  test('guest, member and external cannot see or touch failed jobs', async ({ client, assert }) => {
    const id = await failedJob()
    const guest = await client.get('/admin/jobs').redirects(0)
    guest.assertHeader('location', '/login')
    const external = await UserFactory.apply('external').create()
    try {
      for (const user of [member, external]) {
        const page = await client.get('/admin/jobs').loginAs(user).withInertia()
        page.assertStatus(403)
        const retry = await client
          .post(`/admin/jobs/mail/${id}/retry`)
          .withCsrfToken()
          .loginAs(user)
          .withInertia()
        retry.assertStatus(403)
        const discard = await client
          .delete(`/admin/jobs/mail/${id}`)
          .withCsrfToken()
          .loginAs(user)
          .withInertia()
        discard.assertStatus(403)
      }
    } finally {
      await external.delete()
    }
    assert.equal(await redisJobStatus(id), 'failed', 'nothing changed')
  }).skip(noRedis, NO_REDIS)

  test('admin sees the failed jobs of both queues, newest first; never the mail body', async ({
    client,
    assert,
  }) => {
    const older = await failedJob({ subject: 'Welcome' })
    await sleep(5)
    // A job no worker knows any more fails at once, on the default queue.
    const retired = await failedJob({ queue: 'default', name: 'RetiredJob', attempts: 0 })
    await sleep(5)
    const id = await failedJob()

    const response = await client.get('/admin/jobs').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Jobs/Failed')
    const props = response.inertiaProps as any
    assert.containsSubset(props, { total: 3, driver: 'redis', listed: true, nextCursor: null })
    assert.deepEqual(
      props.jobs.map((job: any) => job.id),
      [id, retired, older]
    )
    assert.containsSubset(props.jobs[0], {
      id,
      queue: 'mail',
      name: 'SendMailJob',
      attempts: 30,
      error: 'connect ECONNREFUSED 127.0.0.1:587',
      mail: { subject: 'Reset your password', to: 'ana@huddle.test' },
    })
    assert.match(props.jobs[0].failedAt, /^\d{4}-\d{2}-\d{2}T/)
    assert.containsSubset(props.jobs[1], { id: retired, queue: 'default', name: 'RetiredJob' })
    assert.match(props.jobs[1].error, /RetiredJob/)
    assert.containsSubset(props.jobs[2], { mail: { subject: 'Welcome' } })
    assert.notInclude(JSON.stringify(props), 'SECRET-TOKEN')
  }).skip(noRedis, NO_REDIS)

  test('no failed jobs: an empty list', async ({ client, assert }) => {
    const props = await pageProps(client.get('/admin/jobs').loginAs(admin).withInertia())
    assert.deepEqual(props.jobs, [])
    assert.equal(props.total, 0)
  }).skip(noRedis, NO_REDIS)

  test('retry puts the job back in its queue with its attempts from zero; audited', async ({
    client,
    assert,
  }) => {
    const id = await failedJob()
    const response = await client
      .post(`/admin/jobs/mail/${id}/retry`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/jobs')
    response.assertFlashMessage('success', 'SendMailJob is back in the "mail" queue.')

    const job = await redisStore().getJob(id, 'mail')
    assert.equal(job?.status, 'pending')
    assert.equal(job?.data.attempts, 0)
    assert.isUndefined(job?.error)
    assert.isNull(await queueRedis().zscore('jobs::mail::failed::index', id))
    const props = await pageProps(client.get('/admin/jobs').loginAs(admin).withInertia())
    assert.deepEqual(props.jobs, [])
    assert.equal(props.total, 0)

    // The worker runs it: still refused, it is now retried with back-off
    // (attempt 1 of 30), not failed for good as with its old attempts.
    await runWorker(id)
    const again = await redisStore().getJob(id, 'mail')
    assert.equal(again?.status, 'delayed')
    assert.equal(again?.data.attempts, 1)

    const log = await db.from('audit_logs').where('action', 'job.retry').firstOrFail()
    assert.equal(log.actor_id, admin.id)
    assert.containsSubset(JSON.parse(log.meta), {
      job: 'SendMailJob',
      queue: 'mail',
      id,
      subject: 'Reset your password',
      error: 'connect ECONNREFUSED 127.0.0.1:587',
    })
  }).skip(noRedis, NO_REDIS)

  test('discard deletes every key of the job, its dedup key too; audited', async ({
    client,
    assert,
  }) => {
    const id = await failedJob({ subject: 'Welcome', dedup: 'welcome-ana' })
    const prefix = queueRedis().options.keyPrefix
    assert.includeMembers(await redisQueueKeys(), [
      `${prefix}jobs::mail::data`,
      `${prefix}jobs::mail::metadata`,
      `${prefix}jobs::mail::failed`,
      `${prefix}jobs::mail::failed::index`,
      `${prefix}jobs::mail::dedup::welcome-ana`,
    ])
    const response = await client
      .delete(`/admin/jobs/mail/${id}`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/jobs')
    response.assertFlashMessage('success', 'SendMailJob was discarded.')
    assert.deepEqual(await redisQueueKeys(), [], 'nothing of it is left')
    const log = await db.from('audit_logs').where('action', 'job.discard').firstOrFail()
    assert.containsSubset(JSON.parse(log.meta), { id, subject: 'Welcome' })
  }).skip(noRedis, NO_REDIS)

  test('a job that is not (or no longer) failed is a 404; of two admins at once, one wins', async ({
    client,
    assert,
  }) => {
    const pendingId = randomUUID()
    await redisStore().pushOn('mail', {
      id: pendingId,
      name: 'SendMailJob',
      payload: {},
      attempts: 0,
    })
    for (const url of [
      `/admin/jobs/mail/${pendingId}/retry`,
      `/admin/jobs/default/${pendingId}/retry`,
      `/admin/jobs/mail/no-such-job/retry`,
    ]) {
      const response = await client.post(url).withCsrfToken().loginAs(admin)
      response.assertStatus(404)
    }
    for (const url of [`/admin/jobs/mail/${pendingId}`, `/admin/jobs/mail/no-such-job`]) {
      const response = await client.delete(url).withCsrfToken().loginAs(admin)
      response.assertStatus(404)
    }
    assert.equal(await redisJobStatus(pendingId), 'pending')
    assert.lengthOf(await db.from('audit_logs').where('actor_id', admin.id), 0)

    const retried = await failedJob({ subject: 'Retried' })
    const discarded = await failedJob({ subject: 'Discarded' })
    const retry = () =>
      client.post(`/admin/jobs/mail/${retried}/retry`).withCsrfToken().loginAs(admin).redirects(0)
    const discard = () =>
      client.delete(`/admin/jobs/mail/${discarded}`).withCsrfToken().loginAs(admin).redirects(0)
    const statuses = async (requests: PromiseLike<{ status(): number }>[]) => {
      const responses = await Promise.all(requests)
      return responses.map((response) => response.status()).sort()
    }

    assert.deepEqual(await statuses([retry(), retry()]), [302, 404])
    assert.deepEqual(await statuses([discard(), discard()]), [302, 404])
    assert.deepEqual(await statuses([retry(), discard()]), [404, 404], 'done already')
    assert.equal(await redisJobStatus(retried), 'pending')
    assert.isUndefined(await redisJobStatus(discarded))
    const actions = await db.from('audit_logs').where('actor_id', admin.id).select('action')
    assert.sameMembers(
      actions.map((row) => row.action),
      ['job.retry', 'job.discard']
    )
  }).skip(noRedis, NO_REDIS)

  test('keyset pages of 25, newest failure first, failures of the same ms by id', async ({
    client,
    assert,
  }) => {
    const ids: string[] = []
    for (let i = 0; i < 27; i++) ids.push(await failedJob({ subject: `Mail ${i}`, attempts: 30 }))

    const pages = async () => {
      const first = await pageProps(client.get('/admin/jobs').loginAs(admin).withInertia())
      assert.lengthOf(first.jobs, 25)
      assert.equal(first.total, 27)
      assert.isString(first.nextCursor)
      const second = await pageProps(
        client.get('/admin/jobs').qs({ cursor: first.nextCursor }).loginAs(admin).withInertia()
      )
      assert.lengthOf(second.jobs, 2)
      assert.isNull(second.nextCursor)
      return [...first.jobs, ...second.jobs]
    }

    const seen = await pages()
    assert.sameMembers(
      seen.map((job) => job.id),
      ids
    )
    const times = seen.map((job) => Date.parse(job.failedAt))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a)
    )

    // Every failure on the same millisecond: the id breaks the tie.
    const at = Date.now()
    for (const id of ids) await queueRedis().zadd('jobs::mail::failed::index', 'XX', at, id)
    const tied = await pages()
    assert.deepEqual(
      tied.map((job) => job.id),
      [...ids].sort().reverse()
    )

    const bad = await client.get('/admin/jobs').qs({ cursor: 'x' }).loginAs(admin)
    bad.assertStatus(400)
  }).skip(noRedis, NO_REDIS)
})
