import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { createInvitation } from '#services/invitations'
import VerifyEmailNotification from '#mails/verify_email_notification'
import AccountExistsNotification from '#mails/account_exists_notification'
import RegistrationAwaitingApprovalNotification from '#mails/registration_awaiting_approval_notification'
import { authGroup, fakeMails, inputErrors, useSettings } from './_support.js'

const STRONG = 'Maple-Violin-42!'

function registration(overrides: Record<string, string> = {}) {
  return {
    fullName: 'Ada Lovelace',
    username: 'ada.lovelace',
    email: 'ada@huddle.test',
    password: STRONG,
    password_confirmation: STRONG,
    ...overrides,
  }
}

async function userCount() {
  const row = await db.from('users').count('* as total').first()
  return Number(row.total)
}

test.group('Auth / register: page', (group) => {
  authGroup(group)

  test('guest sees the registration form with the mode and team domains', async ({ client }) => {
    await useSettings({ registrationMode: 'open' })
    const response = await client.get('/register').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Register')
    response.assertInertiaPropsContains({
      mode: 'open',
      teamDomains: ['huddle.test'],
      invitation: null,
    })
  })

  test('signed-in user is sent to their landing page instead', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/register').loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
  })

  test('a signed-in user cannot post a registration', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'open' })
    const user = await UserFactory.create()
    const response = await client
      .post('/register')
      .withCsrfToken()
      .loginAs(user)
      .form(registration())
      .redirects(0)
    response.assertHeader('location', '/')
    assert.isNull(await User.findBy('email', 'ada@huddle.test'))
  })

  test('closed mode shows that registration is closed', async ({ client }) => {
    await useSettings({ registrationMode: 'closed' })
    const response = await client.get('/register').withInertia()
    response.assertInertiaPropsContains({ mode: 'closed' })
  })

  test('invite-only mode with a valid invitation pre-fills its address', async ({ client }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const { token } = await createInvitation('Invited@Example.com', null)
    const response = await client.get(`/register?invite=${token}`).withInertia()
    response.assertInertiaPropsContains({
      mode: 'invite_only',
      invitation: { token, email: 'invited@example.com' },
      invitationError: null,
    })
  })

  test('an unknown invitation token shows a clear error', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const response = await client.get('/register?invite=nope').withInertia()
    response.assertInertiaPropsContains({ invitation: null })
    assert.match(response.inertiaProps.invitationError, /invalid, has expired or was already used/)
  })
})

test.group('Auth / register: open mode', (group) => {
  authGroup(group)

  test('a team-domain address becomes an unverified member and gets a verification link', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    const mails = fakeMails()
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'Ada@Huddle.Test', username: 'Ada.Lovelace' }))
      .redirects(0)

    response.assertStatus(302)
    response.assertHeader('location', '/register/success')
    const user = await User.findByOrFail('email', 'ada@huddle.test')
    assert.equal(user.username, 'ada.lovelace')
    assert.equal(user.role, 'member')
    assert.equal(user.approvalStatus, 'approved')
    assert.isNull(user.emailVerifiedAt)
    assert.notEqual(user.password, STRONG)
    mails.assertQueued(VerifyEmailNotification, (m) => m.message.hasTo('ada@huddle.test'))
    mails.assertNotQueued(RegistrationAwaitingApprovalNotification)
    response.assertSession('verify_user_id', user.id)
    response.assertSessionMissing('auth_web')
  })

  test('another domain becomes a pending external and every active admin is e-mailed', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    const admin = await UserFactory.apply('admin').create()
    const inactiveAdmin = await UserFactory.apply('admin').apply('inactive').create()
    const mails = fakeMails()

    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace' }))
      .redirects(0)

    response.assertHeader('location', '/register/success')
    const user = await User.findByOrFail('email', 'grace@example.com')
    assert.equal(user.role, 'external')
    assert.equal(user.approvalStatus, 'pending')
    assert.isNull(user.emailVerifiedAt)
    mails.assertQueued(VerifyEmailNotification, (m) => m.message.hasTo('grace@example.com'))
    mails.assertQueued(RegistrationAwaitingApprovalNotification, (m) =>
      m.message.hasTo(admin.email)
    )
    mails.assertNotQueued(RegistrationAwaitingApprovalNotification, (m) =>
      m.message.hasTo(inactiveAdmin.email)
    )
  })

  test('registering never signs the person in', async ({ client }) => {
    await useSettings({ registrationMode: 'open' })
    await client.post('/register').withCsrfToken().form(registration()).redirects(0)
    const response = await client.get('/public').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('the success page explains the next step for a member', async ({ client }) => {
    const response = await client
      .get('/register/success')
      .withSession({
        registration: {
          role: 'member',
          email: 'ada@huddle.test',
          verificationRequired: true,
          approvalRequired: false,
        },
      })
      .withInertia()
    response.assertInertiaComponent('Users/RegisterSuccess')
    response.assertInertiaPropsContains({
      role: 'member',
      verificationRequired: true,
      approvalRequired: false,
    })
  })

  test('the success page explains the approval wait for an external', async ({ client }) => {
    const response = await client
      .get('/register/success')
      .withSession({
        registration: {
          role: 'external',
          email: 'g@example.com',
          verificationRequired: true,
          approvalRequired: true,
        },
      })
      .withInertia()
    response.assertInertiaPropsContains({ role: 'external', approvalRequired: true })
  })

  test('the success page without a registration goes back to the form', async ({ client }) => {
    const response = await client.get('/register/success').redirects(0)
    response.assertHeader('location', '/register')
  })

  test('an address that already has an account gets the same reply and its owner an e-mail', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    const existing = await UserFactory.merge({ email: 'taken@huddle.test' }).create()
    const mails = fakeMails()
    const before = await userCount()

    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'Taken@huddle.test', username: 'someone.new' }))
      .redirects(0)

    response.assertStatus(302)
    response.assertHeader('location', '/register/success')
    response.assertFlashMissing('errorsBag')
    response.assertFlashMissing('inputErrorsBag')
    response.assertSession('registration', {
      role: 'member',
      email: 'taken@huddle.test',
      verificationRequired: true,
      approvalRequired: false,
    })
    assert.equal(await userCount(), before)
    mails.assertQueued(AccountExistsNotification, (m) => m.message.hasTo(existing.email))
    mails.assertNotQueued(VerifyEmailNotification)
  })

  test('a taken username is refused and nothing is written', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'open' })
    await UserFactory.merge({ username: 'ada.lovelace' }).create()
    const before = await userCount()
    const response = await client
      .post('/register')
      .withCsrfToken()
      .header('referer', '/register')
      .form(registration({ username: 'Ada.Lovelace' }))
      .redirects(0)
    response.assertHeader('location', '/register')
    response.assertFlashMessage('inputErrorsBag', { username: ['This username is already taken.'] })
    assert.equal(await userCount(), before)
  })

  test('invalid input is refused field by field and nothing is written', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    const before = await userCount()
    const response = await client
      .post('/register')
      .withCsrfToken()
      .header('referer', '/register')
      .form({
        fullName: '',
        username: 'no spaces!',
        email: 'not-an-email',
        password: 'short',
        password_confirmation: 'short',
      })
      .redirects(0)
    response.assertStatus(302)
    const errors = inputErrors(response)
    assert.properties(errors, ['fullName', 'username', 'email', 'password'])
    assert.equal(errors.username[0], 'Use only lower-case letters, digits, dots and underscores.')
    assert.equal(errors.email[0], 'Enter a valid e-mail address.')
    assert.equal(await userCount(), before)
  })

  test('a password without every character class is refused', async ({ client }) => {
    await useSettings({ registrationMode: 'open' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ password: 'alllowercase1!', password_confirmation: 'alllowercase1!' }))
      .redirects(0)
    response.assertFlashMessage('inputErrorsBag', {
      password: ['The password must also contain an upper-case letter.'],
    })
  })

  test('a common password is refused even with every character class', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ password: 'Password1!', password_confirmation: 'Password1!' }))
      .redirects(0)
    assert.match(inputErrors(response).password[0], /^This password is too easy to guess/)
    assert.isNull(await User.findBy('email', 'ada@huddle.test'))
  })

  test('a password built on the person’s own name is refused', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'open' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ password: 'Lovelace1!', password_confirmation: 'Lovelace1!' }))
      .redirects(0)
    assert.match(inputErrors(response).password[0], /too easy to guess/)
  })

  test('a password longer than 128 characters is refused', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'open' })
    const long = `Aa1!${'x'.repeat(125)}`
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ password: long, password_confirmation: long }))
      .redirects(0)
    assert.match(inputErrors(response).password[0], /not be longer than 128/)
  })

  test('a mismatched confirmation is refused', async ({ client }) => {
    await useSettings({ registrationMode: 'open' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ password_confirmation: 'Something-else-9!' }))
      .redirects(0)
    response.assertFlashMessage('inputErrorsBag', {
      password_confirmation: ['The two passwords do not match.'],
    })
  })

  test('the sixth sign-up from one address within 30 minutes gets 429', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'open' })
    for (let i = 1; i <= 5; i++) {
      const ok = await client
        .post('/register')
        .withCsrfToken()
        .header('x-forwarded-for', '203.0.113.9')
        .form(registration({ email: `p${i}@huddle.test`, username: `person${i}` }))
        .redirects(0)
      ok.assertStatus(302)
    }
    const response = await client
      .post('/register')
      .withCsrfToken()
      .header('x-forwarded-for', '203.0.113.9')
      .header('accept', 'application/json')
      .form(registration({ email: 'p6@huddle.test', username: 'person6' }))
      .redirects(0)
    response.assertStatus(429)
    assert.exists(response.header('retry-after'))
    assert.match(response.body().errors[0].message, /Too many registrations from your network/)
    assert.isNull(await User.findBy('email', 'p6@huddle.test'))
  })

  test('an Inertia form over the limit gets the message flashed', async ({ client }) => {
    await useSettings({ registrationMode: 'open' })
    for (let i = 1; i <= 5; i++) {
      await client
        .post('/register')
        .withCsrfToken()
        .form(registration({ email: `q${i}@huddle.test`, username: `quinn${i}` }))
        .redirects(0)
    }
    const response = await client
      .post('/register')
      .withCsrfToken()
      .withInertia()
      .header('referer', '/register')
      .form(registration({ email: 'q6@huddle.test', username: 'quinn6' }))
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('error')
  })
})

test.group('Auth / register: other modes', (group) => {
  authGroup(group)

  test('team-domain mode refuses another domain with a clear message', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'team_domain' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace' }))
      .redirects(0)
    response.assertFlashMessage('inputErrorsBag', {
      email: ['Registration is limited to team addresses (@huddle.test).'],
    })
    assert.isNull(await User.findBy('email', 'grace@example.com'))
  })

  test('team-domain mode accepts a team address as a member', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'team_domain' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration())
      .redirects(0)
    response.assertHeader('location', '/register/success')
    const user = await User.findByOrFail('email', 'ada@huddle.test')
    assert.equal(user.role, 'member')
  })

  test('invite-only mode refuses a registration without an invitation', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration())
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      invite: 'Registration is by invitation only. Use the link from your invitation e-mail.',
    })
    assert.isNull(await User.findBy('email', 'ada@huddle.test'))
  })

  test('invite-only mode registers an invited person as a verified member and uses up the invitation', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const mails = fakeMails()
    const { token } = await createInvitation('grace@example.com', null)
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace', invite: token }))
      .redirects(0)

    response.assertHeader('location', '/register/success')
    const user = await User.findByOrFail('email', 'grace@example.com')
    assert.equal(user.role, 'member')
    assert.equal(user.approvalStatus, 'approved')
    assert.isNotNull(user.emailVerifiedAt)
    const invitation = await db.from('invitations').where('email', 'grace@example.com').first()
    assert.isNotNull(invitation.accepted_at)
    mails.assertNotQueued(VerifyEmailNotification)
    response.assertSession('registration.verificationRequired', false)
  })

  test('an invitation cannot be used twice', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const { token } = await createInvitation('grace@example.com', null)
    await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace', invite: token }))
      .redirects(0)
    const again = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace2', invite: token }))
      .redirects(0)
    again.assertFlashMessage('errorsBag', {
      invite:
        'This invitation link is invalid, has expired or was already used. Ask for a new invitation.',
    })
    assert.isNull(await User.findBy('username', 'grace2'))
  })

  test('invite-only mode refuses an address other than the invited one', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const { token } = await createInvitation('grace@example.com', null)
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'mallory@example.com', username: 'mallory', invite: token }))
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      email: 'Use the address this invitation was sent to (grace@example.com).',
    })
    assert.isNull(await User.findBy('email', 'mallory@example.com'))
    const invitation = await db.from('invitations').where('email', 'grace@example.com').first()
    assert.isNull(invitation.accepted_at)
  })

  test('invite-only mode refuses an expired invitation', async ({ client, assert }) => {
    await useSettings({ registrationMode: 'invite_only' })
    const { token } = await createInvitation('grace@example.com', null)
    await db
      .from('invitations')
      .where('email', 'grace@example.com')
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace', invite: token }))
      .redirects(0)
    response.assertFlashMessage('errorsBag', {
      invite:
        'This invitation link is invalid, has expired or was already used. Ask for a new invitation.',
    })
    assert.isNull(await User.findBy('email', 'grace@example.com'))
  })

  test('an invitation makes an outside address a member even in team-domain mode', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'team_domain' })
    const { token } = await createInvitation('grace@example.com', null)
    await client
      .post('/register')
      .withCsrfToken()
      .form(registration({ email: 'grace@example.com', username: 'grace', invite: token }))
      .redirects(0)
    const user = await User.findByOrFail('email', 'grace@example.com')
    assert.equal(user.role, 'member')
  })

  test('closed mode refuses a registration with 403 and writes nothing', async ({
    client,
    assert,
  }) => {
    await useSettings({ registrationMode: 'closed' })
    const response = await client
      .post('/register')
      .withCsrfToken()
      .withInertia()
      .form(registration())
    response.assertStatus(403)
    response.assertInertiaComponent('Errors/Forbidden')
    assert.match(response.inertiaProps.message, /Registration is closed/)
    assert.isNull(await User.findBy('email', 'ada@huddle.test'))
  })
})
