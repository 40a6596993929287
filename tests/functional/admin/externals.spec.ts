import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import AccountApprovedNotification from '#mails/account_approved_notification'
import AccountRejectedNotification from '#mails/account_rejected_notification'
import { UserFactory } from '#database/factories/user_factory'
import {
  clearMemorySessions,
  otherDeviceSession,
  sessionExists,
} from '#tests/functional/profile/memory_sessions'

test.group('Admin / external accounts list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guest is sent to the sign-in page', async ({ client }) => {
    const response = await client.get('/admin/externals').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member gets the 403 page', async ({ client }) => {
    const member = await UserFactory.create()
    const response = await client.get('/admin/externals').loginAs(member).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('Errors/Forbidden')
  })

  test('admin sees pending externals by default, newest first', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const older = await UserFactory.apply('pending')
      .merge({ createdAt: DateTime.now().minus({ days: 2 }) })
      .create()
    const newer = await UserFactory.apply('pending').create()
    await UserFactory.apply('external').create()
    await UserFactory.create()

    const response = await client.get('/admin/externals').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Users/PublicUserList')
    const ids = response.inertiaProps.externals.map((u: { id: number }) => u.id)
    assert.deepEqual(ids, [newer.id, older.id])
    assert.deepEqual(response.inertiaProps.filters, { status: 'pending', q: '', page: 1 })
    assert.deepEqual(response.inertiaProps.counts, { pending: 2, approved: 1, rejected: 0, all: 3 })
  })

  test('the status filter shows approved, rejected or all externals', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('pending').create()
    const approved = await UserFactory.apply('external').create()
    const rejected = await UserFactory.apply('external')
      .merge({ approvalStatus: 'rejected' })
      .create()

    const list = async (status: string) => {
      const response = await client
        .get('/admin/externals')
        .qs({ status })
        .loginAs(admin)
        .withInertia()
      return response.inertiaProps.externals.map((u: { id: number }) => u.id)
    }
    assert.deepEqual(await list('approved'), [approved.id])
    assert.deepEqual(await list('rejected'), [rejected.id])
    assert.lengthOf(await list('all'), 3)
  })

  test('an unknown status falls back to pending instead of failing', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .get('/admin/externals')
      .qs({ status: 'weird', page: 'x' })
      .loginAs(admin)
      .withInertia()
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.filters, { status: 'pending', q: '', page: 1 })
  })

  test('search matches name, username or e-mail, and treats % literally', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const grace = await UserFactory.apply('pending').merge({ fullName: 'Grace Hopper' }).create()
    const alan = await UserFactory.apply('pending').merge({ username: 'turing_a' }).create()
    const mail1 = await UserFactory.apply('pending')
      .merge({ email: 'someone@compilers.example' })
      .create()
    await UserFactory.apply('pending').merge({ fullName: 'Unrelated Person' }).create()

    const search = async (q: string) => {
      const response = await client.get('/admin/externals').qs({ q }).loginAs(admin).withInertia()
      return response.inertiaProps.externals.map((u: { id: number }) => u.id)
    }
    assert.deepEqual(await search('hopper'), [grace.id])
    assert.deepEqual(await search('TURING'), [alan.id])
    assert.deepEqual(await search('compilers'), [mail1.id])
    assert.deepEqual(await search('%'), [])
  })

  test('results are paginated by 20 and the page links keep the filters', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('pending').merge({ fullName: 'Batch Person' }).createMany(23)
    const first = await client
      .get('/admin/externals')
      .qs({ q: 'batch' })
      .loginAs(admin)
      .withInertia()
    assert.lengthOf(first.inertiaProps.externals, 20)
    assert.include(first.inertiaProps.pagination, {
      total: 23,
      currentPage: 1,
      lastPage: 2,
      previousPageUrl: null,
    })
    const next = first.inertiaProps.pagination.nextPageUrl as string
    assert.match(next, /^\/admin\/externals\?/)
    assert.include(next, 'status=pending')
    assert.include(next, 'q=batch')
    assert.include(next, 'page=2')

    const second = await client.get(next).loginAs(admin).withInertia()
    assert.lengthOf(second.inertiaProps.externals, 3)
  })

  test('the list never exposes passwords', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('pending').create()
    const response = await client.get('/admin/externals').loginAs(admin).withInertia()
    assert.notProperty(response.inertiaProps.externals[0], 'password')
  })
})

test.group('Admin / approve and reject externals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('guest cannot approve', async ({ client, assert }) => {
    const pending = await UserFactory.apply('pending').create()
    const response = await client
      .post(`/admin/externals/${pending.id}/approve`)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'pending')
  })

  test('member cannot approve or reject', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const pending = await UserFactory.apply('pending').create()
    const approve = await client
      .post(`/admin/externals/${pending.id}/approve`)
      .withCsrfToken()
      .loginAs(member)
      .withInertia()
    approve.assertStatus(403)
    const reject = await client
      .post(`/admin/externals/${pending.id}/reject`)
      .withCsrfToken()
      .loginAs(member)
      .withInertia()
    reject.assertStatus(403)
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'pending')
  })

  test('admin approves a pending external: status, mail and audit row', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const pending = await UserFactory.apply('pending').create()
    const response = await client
      .post(`/admin/externals/${pending.id}/approve`)
      .withCsrfToken()
      .loginAs(admin)
      .header('referer', '/admin/externals')
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/externals')
    response.assertFlashMessage(
      'success',
      `${pending.fullName} is approved and was notified by e-mail.`
    )
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'approved')
    mails.assertSent(AccountApprovedNotification, (m) => m.message.hasTo(pending.email))
    const log = await db.from('audit_logs').where('action', 'user.approve').firstOrFail()
    assert.equal(log.actor_id, admin.id)
    assert.equal(log.subject_id, pending.id)
  })

  test('admin rejects with a reason: status, mail with the reason, sessions revoked, audit row', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const pending = await UserFactory.apply('pending').create()
    const session = await otherDeviceSession(pending)
    await User.rememberMeTokens.create(pending, '30 days')
    const response = await client
      .post(`/admin/externals/${pending.id}/reject`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ reason: 'We only accept partners.' })
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage(
      'success',
      `${pending.fullName}'s registration is rejected and they were notified by e-mail.`
    )
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'rejected')
    assert.isFalse(await sessionExists(session))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', pending.id), 0)
    mails.assertSent(AccountRejectedNotification, (m) => {
      return (
        m.message.hasTo(pending.email) &&
        String(m.message.toJSON().message.text).includes('We only accept partners.')
      )
    })
    const log = await db.from('audit_logs').where('action', 'user.reject').firstOrFail()
    assert.equal(JSON.parse(log.meta).reason, 'We only accept partners.')
  })

  test('the rejection reason is optional but limited to 500 characters', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const pending = await UserFactory.apply('pending').create()
    const response = await client
      .post(`/admin/externals/${pending.id}/reject`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ reason: 'x'.repeat(501) })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').reason, [
      'The reason must not be longer than 500 characters.',
    ])
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'pending')

    await client
      .post(`/admin/externals/${pending.id}/reject`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    await pending.refresh()
    assert.equal(pending.approvalStatus, 'rejected')
  })

  test('an unknown id is a 404 page', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const approve = await client
      .post('/admin/externals/999999/approve')
      .withCsrfToken()
      .loginAs(admin)
      .withInertia()
    approve.assertStatus(404)
    approve.assertInertiaComponent('Errors/NotFound')
    const reject = await client
      .post('/admin/externals/999999/reject')
      .withCsrfToken()
      .loginAs(admin)
      .withInertia()
    reject.assertStatus(404)
  })

  test('a non-numeric id is a 404 page', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .post('/admin/externals/abc/approve')
      .withCsrfToken()
      .loginAs(admin)
      .withInertia()
    response.assertStatus(404)
  })

  test('approving a member changes nothing and says why', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const response = await client
      .post(`/admin/externals/${member.id}/approve`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage(
      'error',
      `${member.fullName} is not an external account: there is nothing to approve.`
    )
    await member.refresh()
    assert.equal(member.role, 'member')
    mails.assertNoneSent()
    assert.lengthOf(await db.from('audit_logs'), 0)
  })

  test('an already approved external cannot be rejected', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const approved = await UserFactory.apply('external').create()
    const response = await client
      .post(`/admin/externals/${approved.id}/reject`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertFlashMessage(
      'error',
      `${approved.fullName}'s registration was already approved. Nothing was changed.`
    )
    await approved.refresh()
    assert.equal(approved.approvalStatus, 'approved')
    mails.assertNoneSent()
  })

  test('an already rejected external cannot be approved', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const rejected = await UserFactory.apply('external')
      .merge({ approvalStatus: 'rejected' })
      .create()
    const response = await client
      .post(`/admin/externals/${rejected.id}/approve`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertFlashMessage(
      'error',
      `${rejected.fullName}'s registration was already rejected. Nothing was changed.`
    )
    await rejected.refresh()
    assert.equal(rejected.approvalStatus, 'rejected')
  })
})
