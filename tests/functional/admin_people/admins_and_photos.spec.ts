import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import InvitationNotification from '#mails/invitation_notification'
import { UserFactory } from '#database/factories/user_factory'
import { CONFIRMED, auditRows } from './_support.js'

test.group('Admin people / Users/AdminForm', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // A test here fakes the mailer: the next file's mail is real again.
  group.each.teardown(() => mail.restore())

  test('members and externals are refused; the form asks for the password first', async ({
    client,
  }) => {
    for (const actor of [
      await UserFactory.create(),
      await UserFactory.apply('external').create(),
    ]) {
      const page = await client.get('/admin/admins/new').loginAs(actor).withInertia()
      page.assertStatus(403)
      const store = await client
        .post('/admin/admins')
        .withCsrfToken()
        .withSession(CONFIRMED())
        .loginAs(actor)
        .form({ fullName: 'Sneaky', username: 'sneaky', email: 'sneaky@huddle.test' })
        .withInertia()
      store.assertStatus(403)
    }
    const admin = await UserFactory.apply('admin').create()
    const unconfirmed = await client.get('/admin/admins/new').loginAs(admin).redirects(0)
    unconfirmed.assertHeader('location', '/confirm-password')
    const page = await client
      .get('/admin/admins/new')
      .withSession(CONFIRMED())
      .loginAs(admin)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Users/AdminForm')
  })

  test('creating an admin: invitation mail with a password link, forced password set', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .post('/admin/admins')
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ fullName: 'Nova Admin', username: 'Nova', email: 'Nova@Huddle.test' })
      .redirects(0)
    response.assertHeader('location', '/admin/admins')
    const created = await User.findByOrFail('email', 'nova@huddle.test')
    assert.equal(created.role, 'admin')
    assert.equal(created.username, 'nova')
    assert.isTrue(created.mustChangePassword)
    assert.isNotNull(created.emailVerifiedAt)
    let link = ''
    mails.assertSent(InvitationNotification, (m) => {
      link =
        /https?:\/\/[^\s"<]+\/reset-password\/[A-Za-z0-9_-]+\?email=[^\s"<]+/.exec(
          String(m.message.toJSON().message.text)
        )?.[0] ?? ''
      return m.message.hasTo('nova@huddle.test')
    })
    assert.isNotEmpty(link)
    const [row] = await auditRows('admin.create')
    assert.equal(row.subject_id, created.id)

    // The link opens the reset page (the token is valid for days).
    const page = await client.get(new URL(link).pathname + new URL(link).search).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Auth/ResetPassword')
  })

  test('bad input: messages, no account, no mail', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const before = await db.from('users').count('* as total').first()
    const response = await client
      .post('/admin/admins')
      .withCsrfToken()
      .withSession(CONFIRMED())
      .loginAs(admin)
      .form({ fullName: '', username: admin.username, email: admin.email })
      .redirects(0)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.username, ['This username is already taken.'])
    assert.deepEqual(errors.email, ['This e-mail address is already used by another account.'])
    assert.exists(errors.fullName)
    const after = await db.from('users').count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
    mails.assertNoneSent()
    assert.lengthOf(await auditRows(), 0)
  })

  test('editing an admin; a member id is a 404 there', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const other = await UserFactory.apply('admin').create()
    const page = await client.get(`/admin/admins/${other.id}/edit`).loginAs(admin).withInertia()
    page.assertInertiaComponent('Users/AdminForm')
    assert.equal(page.inertiaProps.admin.id, other.id)
    const member = await UserFactory.create()
    const notAdmin = await client
      .get(`/admin/admins/${member.id}/edit`)
      .loginAs(admin)
      .withInertia()
    notAdmin.assertStatus(404)
    await client
      .put(`/admin/admins/${other.id}`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ fullName: 'Renamed Admin', username: other.username, email: other.email })
      .redirects(0)
    await other.refresh()
    assert.equal(other.fullName, 'Renamed Admin')
  })
})

test.group('Admin people / Profile/Photos', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function withImages() {
    const now = DateTime.now()
    const older = await UserFactory.merge({
      avatarKey: 'avatars/older.webp',
      avatarChangedAt: now.minus({ days: 2 }),
    }).create()
    const newer = await UserFactory.merge({
      avatarKey: 'avatars/newer.webp',
      avatarChangedAt: now.minus({ hours: 1 }),
      coverKey: 'covers/newer.webp',
      coverChangedAt: now.minus({ hours: 1 }),
    }).create()
    return { older, newer }
  }

  test('guest, member, external refused', async ({ client }) => {
    const guest = await client.get('/admin/photos').redirects(0)
    guest.assertHeader('location', '/login')
    for (const actor of [
      await UserFactory.create(),
      await UserFactory.apply('external').create(),
    ]) {
      const response = await client.get('/admin/photos').loginAs(actor).withInertia()
      response.assertStatus(403)
    }
  })

  test('avatars and covers, most recent first', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const { older, newer } = await withImages()
    const avatars = await client.get('/admin/photos').loginAs(admin).withInertia()
    avatars.assertInertiaComponent('Profile/Photos')
    assert.equal(avatars.inertiaProps.kind, 'avatar')
    assert.deepEqual(
      avatars.inertiaProps.images.map((i: any) => i.owner.id),
      [newer.id, older.id]
    )
    const covers = await client
      .get('/admin/photos')
      .qs({ kind: 'cover' })
      .loginAs(admin)
      .withInertia()
    assert.deepEqual(
      covers.inertiaProps.images.map((i: any) => i.owner.id),
      [newer.id]
    )
    const bad = await client.get('/admin/photos').qs({ cursor: 'x' }).loginAs(admin)
    bad.assertStatus(400)
  })

  test('keyset pages through 30 avatars', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const now = DateTime.now()
    for (let i = 0; i < 30; i++) {
      await UserFactory.merge({
        avatarKey: `avatars/${i}.webp`,
        // Pairs share a second: the id breaks the tie.
        avatarChangedAt: now.minus({ minutes: Math.floor(i / 2) }),
      }).create()
    }
    const first = await client.get('/admin/photos').loginAs(admin).withInertia()
    assert.lengthOf(first.inertiaProps.images, 24)
    const second = await client
      .get('/admin/photos')
      .qs({ cursor: first.inertiaProps.nextCursor })
      .loginAs(admin)
      .withInertia()
    assert.lengthOf(second.inertiaProps.images, 6)
    assert.isNull(second.inertiaProps.nextCursor)
    const all = [...first.inertiaProps.images, ...second.inertiaProps.images].map(
      (i: any) => i.owner.id
    )
    assert.lengthOf(new Set(all), 30)
  })

  test('removing one needs a reason; then it is gone and the owner is told why', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { newer } = await withImages()
    const bad = await client
      .delete(`/admin/photos/${newer.id}/avatar`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ reason: '' })
      .redirects(0)
    assert.deepEqual(bad.flashMessage('inputErrorsBag').reason, ['The reason is required.'])
    await newer.refresh()
    assert.equal(newer.avatarKey, 'avatars/newer.webp')

    const badKind = await client
      .delete(`/admin/photos/${newer.id}/banner`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ reason: 'Offensive' })
    badKind.assertStatus(404)

    const response = await client
      .delete(`/admin/photos/${newer.id}/cover`)
      .withCsrfToken()
      .loginAs(admin)
      .form({ reason: 'Offensive image' })
      .redirects(0)
    response.assertStatus(302)
    await newer.refresh()
    assert.isNull(newer.coverKey)
    assert.equal(newer.avatarKey, 'avatars/newer.webp')
    const notes = await db.from('notifications').where('user_id', newer.id)
    assert.lengthOf(notes, 1)
    assert.equal(notes[0].kind, 'cover_removed')
    assert.include(String(notes[0].data), 'Offensive image')
    const [row] = await auditRows('user.cover_remove')
    assert.equal(row.subject_id, newer.id)

    const member = await UserFactory.create()
    const refused = await client
      .delete(`/admin/photos/${newer.id}/avatar`)
      .withCsrfToken()
      .loginAs(member)
      .form({ reason: 'Offensive' })
      .withInertia()
    refused.assertStatus(403)
  })
})
