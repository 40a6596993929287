import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { knex } from '@boringnode/queue/drivers/knex_adapter'
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
