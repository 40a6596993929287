import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import EmailChangeNotification from '#mails/email_change_notification'
import VerifyEmailNotification from '#mails/verify_email_notification'
import { UserFactory } from '#database/factories/user_factory'
import {
  clearMemorySessions,
  otherDeviceSession,
  sessionExists,
} from '#tests/functional/profile/memory_sessions'

const confirmed = () => ({ password_confirmed_at: Date.now() })

test.group('Profile / update information', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())

  test('guest cannot update a profile', async ({ client }) => {
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .form({ fullName: 'X' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member saves name, username and bio', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({
        fullName: '  Ada Lovelace ',
        username: 'Ada.Love_1',
        email: user.email,
        bio: 'Analyst.',
      })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/profile')
    response.assertFlashMessage('success', 'Profile saved.')
    await user.refresh()
    assert.equal(user.fullName, 'Ada Lovelace')
    assert.equal(user.username, 'ada.love_1')
    assert.equal(user.bio, 'Analyst.')
    assert.isNotNull(user.emailVerifiedAt)
  })

  test('an empty bio is stored as null', async ({ client, assert }) => {
    const user = await UserFactory.merge({ bio: 'Old bio' }).create()
    await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ fullName: user.fullName, username: user.username, email: user.email, bio: '' })
      .redirects(0)
    await user.refresh()
    assert.isNull(user.bio)
  })

  test('keeping your own username is not a conflict', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ fullName: 'Same Name', username: user.username, email: user.email })
      .redirects(0)
    response.assertFlashMessage('success', 'Profile saved.')
  })

  test('a username taken by someone else is refused and nothing is saved', async ({
    client,
    assert,
  }) => {
    const other = await UserFactory.create()
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/profile')
      .form({ fullName: 'Changed Name', username: other.username.toUpperCase(), email: user.email })
      .redirects(0)
    response.assertStatus(302)
    assert.deepEqual(response.flashMessage('inputErrorsBag').username, [
      'This username is already taken.',
    ])
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.fullName, user.fullName)
  })

  test('invalid fields are refused with their messages', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/profile')
      .form({ fullName: '', username: 'no spaces!', email: 'not-an-email', bio: 'x'.repeat(501) })
      .redirects(0)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.fullName, ['The full name is required.'])
    assert.deepEqual(errors.username, [
      'Usernames may only contain lower-case letters, digits, dots and underscores.',
    ])
    assert.deepEqual(errors.email, ['Enter a valid e-mail address.'])
    assert.deepEqual(errors.bio, ['The bio must not be longer than 500 characters.'])
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.username, user.username)
  })

  test('a username shorter than 3 characters is refused', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ fullName: user.fullName, username: 'ab', email: user.email })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').username, [
      'The username must have at least 3 characters.',
    ])
  })

  test('an e-mail used by another account is refused', async ({ client, assert }) => {
    const other = await UserFactory.create()
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .withSession(confirmed())
      .form({ fullName: user.fullName, username: user.username, email: other.email })
      .redirects(0)
    assert.deepEqual(response.flashMessage('inputErrorsBag').email, [
      'This e-mail address is already used by another account.',
    ])
    await user.refresh()
    assert.notEqual(user.email, other.email)
  })

  test('changing the e-mail without a recent password confirmation asks for the password first', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await UserFactory.create()
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .form({ fullName: user.fullName, username: user.username, email: 'new.address@huddle.test' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/confirm-password')
    response.assertSession('confirm_intended_url', '/profile')
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.email, user.email)
    assert.isNotNull(fresh.emailVerifiedAt)
    mails.assertNoneSent()
    mails.assertNoneQueued()
    mail.restore()
  })

  test('changing the e-mail resets verification, mails both addresses and signs out', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await UserFactory.create()
    const oldEmail = user.email
    const elsewhere = await otherDeviceSession(user)
    const response = await client
      .put('/profile')
      .withCsrfToken()
      .loginAs(user)
      .withSession(confirmed())
      .form({
        fullName: user.fullName,
        username: user.username,
        email: '  New.Address@Huddle.test ',
      })
      .redirects(0)

    response.assertStatus(302)
    response.assertHeader('location', '/login')
    response.assertSessionMissing('auth_web')
    response.assertSession('verify_user_id', user.id)
    await user.refresh()
    assert.equal(user.email, 'new.address@huddle.test')
    assert.isNull(user.emailVerifiedAt)
    assert.isFalse(await sessionExists(elsewhere))

    mails.assertQueued(VerifyEmailNotification, (m) => m.message.hasTo('new.address@huddle.test'))
    mails.assertSent(EmailChangeNotification, (m) => m.message.hasTo(oldEmail))
    const log = await db
      .from('audit_logs')
      .where('action', 'profile.email_change')
      .where('subject_id', user.id)
      .first()
    assert.deepEqual(JSON.parse(log.meta), { from: oldEmail, to: 'new.address@huddle.test' })
    mail.restore()
  })
})
