import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import InvitationNotification from '#mails/invitation_notification'
import { UserFactory } from '#database/factories/user_factory'
import { hashToken } from '#services/tokens'

test.group('Admin / invitations', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('guest is sent to the sign-in page', async ({ client }) => {
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .form({ email: 'a@b.co' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member cannot invite', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .loginAs(member)
      .form({ email: 'friend@example.com' })
      .withInertia()
    response.assertStatus(403)
    assert.lengthOf(await db.from('invitations'), 0)
  })

  test('admin invites an address: hashed token, 7-day expiry, mail with the link, audit row', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .loginAs(admin)
      .form({ email: ' Friend@Example.com ' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/settings')
    response.assertFlashMessage(
      'success',
      'Invitation sent to friend@example.com. The link works for 7 days.'
    )

    const rows = await db.from('invitations')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].email, 'friend@example.com')
    assert.equal(rows[0].invited_by_id, admin.id)

    let link = ''
    mails.assertSent(InvitationNotification, (m) => {
      const match = /https?:\/\/[^\s"<]+\/register\?invite=([A-Za-z0-9_-]+)/.exec(
        String(m.message.toJSON().message.text)
      )
      link = match?.[1] ?? ''
      return m.message.hasTo('friend@example.com')
    })
    assert.equal(rows[0].token_hash, hashToken(link))

    const expires = new Date(
      typeof rows[0].expires_at === 'number' ? rows[0].expires_at : String(rows[0].expires_at)
    )
    const days = (expires.getTime() - Date.now()) / 86_400_000
    assert.approximately(days, 7, 0.01)
    assert.lengthOf(
      await db.from('audit_logs').where('action', 'invitation.create').where('actor_id', admin.id),
      1
    )
  })

  test('inviting an address again replaces the unused invitation', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    for (let i = 0; i < 2; i++) {
      await client
        .post('/admin/invitations')
        .withCsrfToken()
        .loginAs(admin)
        .form({ email: 'x@example.com' })
        .redirects(0)
    }
    assert.lengthOf(await db.from('invitations').where('email', 'x@example.com'), 1)
  })

  test('an invalid address is refused', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .loginAs(admin)
      .form({ email: 'not an address' })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').email, [
      'Enter a valid e-mail address.',
    ])
    assert.lengthOf(await db.from('invitations'), 0)
  })

  test('an address that already has an account is refused', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const admin = await UserFactory.apply('admin').create()
    const existing = await UserFactory.create()
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .loginAs(admin)
      .form({ email: existing.email.toUpperCase() })
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      email: 'An account with this e-mail address already exists.',
    })
    assert.lengthOf(await db.from('invitations'), 0)
    mails.assertNoneSent()
  })

  test('invitations are rate-limited per admin', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    for (let i = 0; i < 20; i++) {
      await client
        .post('/admin/invitations')
        .withCsrfToken()
        .loginAs(admin)
        .form({ email: `p${i}@example.com` })
        .redirects(0)
    }
    const response = await client
      .post('/admin/invitations')
      .withCsrfToken()
      .loginAs(admin)
      .form({ email: 'one.more@example.com' })
      .redirects(0)
    assert.match(
      String(response.flashMessage('errorsBag').email),
      /^You sent 20 invitations in the last hour\. Try again in \d+ minutes?\.$/
    )
    assert.lengthOf(await db.from('invitations').where('email', 'one.more@example.com'), 0)
  })
})
