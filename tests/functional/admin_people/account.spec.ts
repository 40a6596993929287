import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Report from '#models/report'
import { TEST_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { countQueries } from '#tests/functional/feeds/query_counter'
import {
  clearMemorySessions,
  otherDeviceSession,
  sessionExists,
} from '#tests/functional/profile/memory_sessions'
import { CONFIRMED, auditRows } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

test.group('Admin people / Profile/Index and Profile/UserEdit pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())

  for (const path of ['', '/edit']) {
    test(`/admin/users/:id${path}: guest, member, external refused; unknown id 404`, async ({
      client,
    }) => {
      const target = await UserFactory.create()
      const guest = await client.get(`/admin/users/${target.id}${path}`).redirects(0)
      guest.assertHeader('location', '/login')
      for (const actor of [target, await UserFactory.apply('external').create()]) {
        const response = await client
          .get(`/admin/users/${target.id}${path}`)
          .loginAs(actor)
          .withInertia()
        response.assertStatus(403)
      }
      const admin = await UserFactory.apply('admin').create()
      const missing = await client.get(`/admin/users/999999${path}`).loginAs(admin).withInertia()
      missing.assertStatus(404)
      const purged = await UserFactory.merge({ deletedAt: DateTime.now() }).create()
      const gone = await client.get(`/admin/users/${purged.id}${path}`).loginAs(admin).withInertia()
      gone.assertStatus(404)
    })
  }

  test('Profile/Index: profile, figures, posts, reports by and against, sessions, audit', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const other = await UserFactory.create()
    const post = await PostFactory.merge({
      authorId: person.id,
      bodyHtml: '<p>A post by the person</p>',
      bodyText: 'A post by the person',
    }).create()
    const against = await Report.create({
      reporterId: other.id,
      subjectType: 'post',
      subjectId: post.id,
      reason: 'spam',
      details: 'Buy now',
      status: 'pending',
    })
    const againstAccount = await Report.create({
      reporterId: other.id,
      subjectType: 'user',
      subjectId: person.id,
      reason: 'harassment',
      details: null,
      status: 'pending',
    })
    const by = await Report.create({
      reporterId: person.id,
      subjectType: 'user',
      subjectId: other.id,
      reason: 'spam',
      details: null,
      status: 'dismissed',
    })
    await otherDeviceSession(person)
    await db.table('audit_logs').insert({
      actor_id: admin.id,
      action: 'user.update',
      subject_type: 'user',
      subject_id: person.id,
      meta: JSON.stringify({ changed: ['fullName'] }),
      ip: '127.0.0.1',
      created_at: new Date(),
    })

    const response = await client.get(`/admin/users/${person.id}`).loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Index')
    const props = response.inertiaProps
    assert.equal(props.person.email, person.email)
    assert.deepEqual(
      props.posts.map((p: { id: number }) => p.id),
      [post.id]
    )
    assert.equal(props.posts[0].excerpt, 'A post by the person')
    assert.sameMembers(
      props.reportsAgainst.map((r: { id: number }) => r.id),
      [against.id, againstAccount.id]
    )
    assert.deepEqual(
      props.reportsBy.map((r: { id: number }) => r.id),
      [by.id]
    )
    assert.equal(props.sessions.open, 1)
    assert.lengthOf(props.audit, 1)
    assert.equal(props.audit[0].action, 'user.update')
    assert.equal(props.audit[0].actor.id, admin.id)
    assert.notProperty(props.audit[0].actor, 'email')
  })

  test('Profile/Index costs the same number of queries however busy the account', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const quiet = await UserFactory.create()
    const busy = await UserFactory.create()
    for (let i = 0; i < 8; i++)
      await PostFactory.merge({
        authorId: busy.id,
        bodyHtml: `<p>post ${i}</p>`,
        bodyText: `post ${i}`,
      }).create()
    for (let i = 0; i < 3; i++) {
      const actor = await UserFactory.apply('admin').create()
      await db.table('audit_logs').insert({
        actor_id: actor.id,
        action: 'user.update',
        subject_type: 'user',
        subject_id: busy.id,
        created_at: new Date(),
      })
    }
    const a = await countQueries(() =>
      client.get(`/admin/users/${quiet.id}`).loginAs(admin).withInertia()
    )
    const b = await countQueries(() =>
      client.get(`/admin/users/${busy.id}`).loginAs(admin).withInertia()
    )
    assert.lengthOf(b.result.inertiaProps.posts, 5)
    // The audit entries' actors are one more query when there are any; the
    // team settings (cached a while) are not the page's cost.
    const own = (statements: string[]) => statements.filter((sql) => !sql.includes('app_settings'))
    assert.equal(own(b.statements).length, own(a.statements).length + 1)
  })

  test('Profile/UserEdit tells what the admin may do; never themself, never the last admin', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const edit = async (id: number) => {
      const response = await client.get(`/admin/users/${id}/edit`).loginAs(admin).withInertia()
      return response.inertiaProps
    }

    const forMember = await edit(member.id)
    assert.deepEqual(forMember.editCan, {
      changeRole: true,
      block: true,
      resetPassword: true,
      signOut: true,
    })
    assert.isFalse(forMember.passwordConfirmed)
    assert.isNull(forMember.temporaryPassword)

    const forSelf = await edit(admin.id)
    assert.deepEqual(forSelf.editCan, {
      changeRole: false,
      block: false,
      resetPassword: false,
      signOut: false,
    })
  })
})

test.group('Admin people / editing an account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())

  test('details: saved, audited; bad input refused with messages and nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const taken = await UserFactory.create()

    const bad = await client
      .put(`/admin/users/${person.id}`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ fullName: 'X', username: taken.username, email: 'not-an-email' })
      .redirects(0)
    bad.assertStatus(302)
    const errors = bad.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.fullName, ['The full name must have at least 2 characters.'])
    assert.deepEqual(errors.username, ['This username is already taken.'])
    assert.deepEqual(errors.email, ['Enter a valid e-mail address.'])
    await person.refresh()
    assert.notEqual(person.fullName, 'X')
    assert.lengthOf(await auditRows(), 0)

    const good = await client
      .put(`/admin/users/${person.id}`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ fullName: 'New Name', username: 'New.Name', email: 'New@Huddle.test' })
      .redirects(0)
    good.assertHeader('location', `/admin/users/${person.id}/edit`)
    await person.refresh()
    assert.equal(person.fullName, 'New Name')
    assert.equal(person.username, 'new.name')
    assert.equal(person.email, 'new@huddle.test')
    const [row] = await auditRows('user.update')
    assert.equal(row.subject_id, person.id)
    assert.equal(row.actor_id, admin.id)
    assert.sameMembers(JSON.parse(row.meta).changed, ['fullName', 'username', 'email'])
  })

  test('members and externals cannot use the admin actions', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const target = await UserFactory.create()
    for (const [method, path, body] of [
      ['put', '', { fullName: 'Hacked Name', username: 'hacked', email: 'h@huddle.test' }],
      ['put', '/role', { role: 'admin' }],
      ['post', '/block', { reason: 'because' }],
      ['post', '/password-reset', {}],
      ['post', '/sign-out', {}],
    ] as const) {
      const response = await (client as any)
        [method](`/admin/users/${target.id}${path}`)
        .withCsrfToken()
        .withSession(CONFIRMED())
        .loginAs(member)
        .form(body)
        .withInertia()
        .redirects(0)
      response.assertStatus(403)
    }
    await target.refresh()
    assert.equal(target.role, 'member')
    assert.isTrue(target.isActive)
    assert.lengthOf(await auditRows(), 0)
  })

  test('a role change asks for the password first, then signs the person out everywhere', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const device = await otherDeviceSession(person)

    const unconfirmed = await client
      .put(`/admin/users/${person.id}/role`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ role: 'admin' })
      .redirects(0)
    unconfirmed.assertHeader('location', '/confirm-password')
    await person.refresh()
    assert.equal(person.role, 'member')
    assert.isTrue(await sessionExists(device))

    const badRole = await client
      .put(`/admin/users/${person.id}/role`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ role: 'owner' })
      .redirects(0)
    assert.deepEqual(badRole.flashMessage('inputErrorsBag').role, [
      'Choose member, external or admin.',
    ])

    const response = await client
      .put(`/admin/users/${person.id}/role`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ role: 'admin' })
      .redirects(0)
    response.assertHeader('location', `/admin/users/${person.id}/edit`)
    await person.refresh()
    assert.equal(person.role, 'admin')
    assert.isFalse(await sessionExists(device))
    const [row] = await auditRows('user.role')
    assert.deepInclude(JSON.parse(row.meta), { from: 'member', to: 'admin', sessions: 1 })
  })

  test('never your own role, never the last admin (policy)', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const self = await client
      .put(`/admin/users/${admin.id}/role`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ role: 'member' })
      .withInertia()
    self.assertStatus(403)
    assert.equal(self.inertiaProps.message, 'You cannot change your own role.')

    const second = await UserFactory.apply('admin').create()
    const demote = await client
      .put(`/admin/users/${second.id}/role`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ role: 'member' })
      .redirects(0)
    demote.assertStatus(302)
    await second.refresh()
    assert.equal(second.role, 'member')
    // Now `admin` is the last active admin (and themself): refused.
    const blockLast = await client
      .post(`/admin/users/${admin.id}/block`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ reason: 'trying' })
      .withInertia()
    blockLast.assertStatus(403)
    assert.equal(blockLast.inertiaProps.message, 'You cannot block yourself.')
    assert.lengthOf(await auditRows('user.block'), 0)
  })

  test('block: reason required, end date not in the past; nothing written on bad input', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const response = await client
      .post(`/admin/users/${person.id}/block`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ reason: '', until: '2001-01-01' })
      .redirects(0)
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.reason, ['The reason is required.'])
    assert.deepEqual(errors.until, ['The end date must be today or later.'])
    const badDate = await client
      .post(`/admin/users/${person.id}/block`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ reason: 'Spamming', until: 'next week' })
      .redirects(0)
    assert.deepEqual(badDate.flashMessage('inputErrorsBag').until, [
      'Enter the end date as YYYY-MM-DD.',
    ])
    await person.refresh()
    assert.isTrue(person.isActive)
    assert.lengthOf(await auditRows(), 0)
  })

  test('block: signed out at once everywhere; sign-in shows the reason and end; unblock', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const device = await otherDeviceSession(person)
    const until = DateTime.now().plus({ days: 3 }).toISODate()!

    const response = await client
      .post(`/admin/users/${person.id}/block`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ reason: 'Spamming the team feed', until })
      .redirects(0)
    response.assertHeader('location', `/admin/users/${person.id}/edit`)
    await person.refresh()
    assert.isFalse(person.isActive)
    assert.equal(person.blockedReason, 'Spamming the team feed')
    assert.equal(person.blockedUntil!.toUTC().toISODate(), until)
    assert.equal(person.blockedById, admin.id)
    assert.isFalse(await sessionExists(device))
    const [row] = await auditRows('user.block')
    assert.equal(JSON.parse(row.meta).reason, 'Spamming the team feed')

    // An open page of theirs is signed out at its next request.
    const open = await client.get('/profile').loginAs(person).redirects(0)
    open.assertHeader('location', '/login')

    const login = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: person.email, password: TEST_PASSWORD })
      .redirects(0)
    const message = String(login.flashMessage('errorsBag').uid)
    assert.include(message, 'Reason: Spamming the team feed')
    assert.include(message, `The block ends on ${until}`)

    const unblock = await client
      .post(`/admin/users/${person.id}/unblock`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .redirects(0)
    unblock.assertStatus(302)
    await person.refresh()
    assert.isTrue(person.isActive)
    assert.isNull(person.blockedReason)
    assert.lengthOf(await auditRows('user.unblock'), 1)
  })

  test('a block past its end date is lifted at the next sign-in', async ({ client, assert }) => {
    const person = await UserFactory.apply('inactive')
      .merge({
        blockedReason: 'Cooling off',
        blockedAt: DateTime.now().minus({ days: 3 }),
        blockedUntil: DateTime.now().minus({ minutes: 1 }),
      })
      .create()
    const login = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: person.email, password: TEST_PASSWORD })
      .redirects(0)
    login.assertHeader('location', '/')
    await person.refresh()
    assert.isTrue(person.isActive)
    assert.isNull(person.blockedUntil)
  })

  test('the hourly sweep lifts expired blocks only', async ({ assert }) => {
    const { default: LiftExpiredBlocks } = await import('#actions/admin/people/lift_expired_blocks')
    const expired = await UserFactory.apply('inactive')
      .merge({ blockedReason: 'Done', blockedUntil: DateTime.now().minus({ hours: 1 }) })
      .create()
    const running = await UserFactory.apply('inactive')
      .merge({ blockedReason: 'Still', blockedUntil: DateTime.now().plus({ days: 1 }) })
      .create()
    const forever = await UserFactory.apply('inactive').merge({ blockedReason: 'Forever' }).create()
    assert.equal(await new LiftExpiredBlocks().handle(), 1)
    await Promise.all([expired.refresh(), running.refresh(), forever.refresh()])
    assert.isTrue(expired.isActive)
    assert.isNull(expired.blockedReason)
    assert.isFalse(running.isActive)
    assert.isFalse(forever.isActive)
  })

  test('password reset: temporary password shown once, works once, forces a change', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const device = await otherDeviceSession(person)

    const unconfirmed = await client
      .post(`/admin/users/${person.id}/password-reset`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    unconfirmed.assertHeader('location', '/confirm-password')

    const response = await client
      .post(`/admin/users/${person.id}/password-reset`)
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .redirects(0)
    response.assertHeader('location', `/admin/users/${person.id}/edit`)
    const temporary = String(response.flashMessage('temporaryPassword'))
    assert.match(temporary, /^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
    assert.isFalse(await sessionExists(device))
    await person.refresh()
    assert.isTrue(person.mustChangePassword)
    assert.lengthOf(await auditRows('user.password_reset'), 1)
    assert.notInclude(JSON.stringify(await auditRows()), temporary)

    const old = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: person.email, password: TEST_PASSWORD })
      .redirects(0)
    assert.match(String(old.flashMessage('errorsBag')?.uid), /do not match/)
    const login = await client
      .post('/login')
      .withCsrfToken()
      .form({ uid: person.email, password: temporary })
      .redirects(0)
    login.assertHeader('location', '/change-password')
    const elsewhere = await client.get('/profile').loginAs(person).redirects(0)
    elsewhere.assertHeader('location', '/change-password')
  })

  test('sign out everywhere: every session and remember-me token; not your own', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await UserFactory.create()
    const one = await otherDeviceSession(person)
    const two = await otherDeviceSession(person)
    await db.table('remember_me_tokens').insert({
      tokenable_id: person.id,
      hash: 'x'.repeat(64),
      created_at: new Date(),
      updated_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    const response = await client
      .post(`/admin/users/${person.id}/sign-out`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    response.assertFlashMessage('success', 'Their 2 open sessions were signed out.')
    assert.isFalse(await sessionExists(one))
    assert.isFalse(await sessionExists(two))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', person.id), 0)
    assert.lengthOf(await auditRows('user.sign_out'), 1)

    const self = await client
      .post(`/admin/users/${admin.id}/sign-out`)
      .withCsrfToken()
      .loginAs(admin)
      .withInertia()
    self.assertStatus(403)
  })

  test('role middleware: a blocked admin is signed out before any admin page', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').apply('inactive').create()
    const response = await client.get('/admin/users').loginAs(admin).redirects(0)
    response.assertStatus(302)
  })
})
