import app from '@adonisjs/core/services/app'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import { configProvider } from '@adonisjs/core'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import { databaseSessions } from '#tests/helpers/sessions'
import { generateToken, hashToken } from '#services/tokens'

/**
 * T8 (SECURITY.md §5, ASVS 7.2.4, 7.4.1–7.4.3, 3.3.1–3.3.4): sessions
 * rotate at sign-in, die at sign-out, after a password change elsewhere
 * and when an admin disables the account; the cookie is HttpOnly, Lax,
 * and __Host- / Secure in production. Requests go through a cookie jar
 * that replays cookies verbatim, like a browser or a thief would.
 */
let SESSION_COOKIE = ''

const signedIn = async (jar: CookieJar) => {
  const response = await jar.visit('/profile')
  return response.status === 200
}

test.group('Security / T8 sessions', (group) => {
  group.setup(async () => {
    const config = (await configProvider.resolve(
      app,
      app.config.get('session')
    )) as ResolvedSessionConfig
    SESSION_COOKIE = config.cookieName
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the session id changes when the user signs in', async ({ assert }) => {
    const user = await UserFactory.create()
    const jar = new CookieJar()
    await jar.visit('/login')
    const before = jar.get(SESSION_COOKIE)
    assert.isString(before)

    const response = await jar.post('/login', { uid: user.email, password: TEST_PASSWORD })
    assert.equal(response.status, 302)
    assert.equal(response.location, '/')
    assert.notEqual(jar.get(SESSION_COOKIE), before)
    assert.isTrue(await signedIn(jar))

    // The pre-login session id does not carry the sign-in (session fixation).
    const fixated = new CookieJar()
    fixated.cookies.set(SESSION_COOKIE, before!)
    assert.isFalse(await signedIn(fixated))
  })

  test('a session cookie copied before sign-out is refused afterwards', async ({ assert }) => {
    const user = await UserFactory.create()
    const jar = new CookieJar()
    await jar.signIn(user.email, TEST_PASSWORD)
    const stolen = jar.clone()
    assert.isTrue(await signedIn(stolen))

    const logout = await jar.post('/logout')
    assert.equal(logout.status, 302)
    assert.equal(logout.location, '/login')

    const replay = await stolen.visit('/profile')
    assert.equal(replay.status, 302)
    assert.equal(replay.location, '/login')
  })

  test('changing the password signs out the other sessions and keeps this one', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const here = new CookieJar()
    const elsewhere = new CookieJar()
    await here.signIn(user.email, TEST_PASSWORD)
    await elsewhere.signIn(user.email, TEST_PASSWORD)
    assert.isTrue(await signedIn(elsewhere))

    const change = await here.put('/profile/password', {
      current_password: TEST_PASSWORD,
      password: 'A-completely-new-passphrase-42',
      password_confirmation: 'A-completely-new-passphrase-42',
    })
    assert.equal(change.status, 302)
    assert.equal(change.location, '/profile')

    assert.isFalse(await signedIn(elsewhere))
    assert.isTrue(await signedIn(here))
  })

  test('resetting the password through an e-mailed link signs out every session', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const jar = new CookieJar()
    await jar.signIn(user.email, TEST_PASSWORD)
    assert.isTrue(await signedIn(jar))

    const token = generateToken()
    await db.table('password_reset_tokens').insert({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 60 * 60 * 1000),
      created_at: new Date(),
    })
    const guest = new CookieJar()
    guest.headers['x-forwarded-for'] = freshIp()
    await guest.visit(`/reset-password/${token}`)
    const reset = await guest.post('/reset-password', {
      token,
      email: user.email,
      password: 'A-completely-new-passphrase-42',
      password_confirmation: 'A-completely-new-passphrase-42',
    })
    assert.equal(reset.status, 302)
    assert.equal(reset.location, '/login')

    assert.isFalse(await signedIn(jar))
  })

  test('an account disabled by an admin is signed out on its next request', async ({ assert }) => {
    const user = await UserFactory.create()
    const jar = new CookieJar()
    await jar.signIn(user.email, TEST_PASSWORD)
    assert.isTrue(await signedIn(jar))

    await db.from('users').where('id', user.id).update({ is_active: false })

    const response = await jar.visit('/profile')
    assert.equal(response.status, 302)
    assert.equal(response.location, '/login')
    // Re-enabling the account does not bring the old session back.
    await db.from('users').where('id', user.id).update({ is_active: true })
    assert.isFalse(await signedIn(jar))
  })

  test('the session cookie is HttpOnly and SameSite=Lax', async ({ assert }) => {
    const user = await UserFactory.create()
    const jar = new CookieJar()
    await jar.visit('/login')
    const response = await jar.post('/login', { uid: user.email, password: TEST_PASSWORD })
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    assert.exists(cookie, 'sign-in sets the session cookie')
    const attributes = cookie!.attributes.map((a) => a.toLowerCase())
    assert.include(attributes, 'httponly')
    assert.include(attributes, 'samesite=lax')
    assert.include(attributes, 'path=/')
    assert.notExists(attributes.find((a) => a.startsWith('domain=')))
  })
})

test.group('Security / T8 session configuration', () => {
  test('in production the cookie is __Host- prefixed, Secure, host-only, and sessions live in the database', async ({
    assert,
  }) => {
    const driver = env.get('SESSION_DRIVER')
    Object.defineProperty(app, 'inProduction', { get: () => true, configurable: true })
    // Production sets no SESSION_DRIVER (the test env forces "memory").
    env.set('SESSION_DRIVER', undefined as any)
    delete process.env.SESSION_DRIVER
    try {
      // A fresh evaluation of the config module, as a production boot does.
      const { default: provider } = await import(
        `${app.makeURL('config/session.ts').href}?production`
      )
      const config = (await configProvider.resolve(app, provider)) as ResolvedSessionConfig
      assert.match(config.cookieName, /^__Host-/)
      assert.isTrue(config.cookie.secure)
      assert.equal(config.cookie.path, '/')
      assert.notExists((config.cookie as { domain?: string }).domain)
      assert.isTrue(config.cookie.httpOnly)
      assert.equal(config.cookie.sameSite, 'lax')
      assert.equal(config.store, 'database')
    } finally {
      delete (app as any).inProduction
      env.set('SESSION_DRIVER', driver as any)
    }
    assert.isFalse(app.inProduction)
  })
})

test.group('Security / T8 database session store', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sessions are tagged with their user, listed per user and destroyed one by one', async ({
    assert,
  }) => {
    const { store, collection } = await databaseSessions()
    assert.isTrue(collection.supportsTagging())
    await store.write('session-a', { auth_web: 1 })
    await store.write('session-b', { auth_web: 1 })
    await store.write('session-c', { auth_web: 2 })
    await store.tag('session-a', '1')
    await store.tag('session-b', '1')
    await store.tag('session-c', '2')

    const ids = (sessions: { id: string }[]) => sessions.map((s) => s.id).sort()
    assert.deepEqual(ids(await collection.tagged('1')), ['session-a', 'session-b'])

    await collection.destroy('session-a')
    assert.isNull(await store.read('session-a'))
    assert.deepEqual(ids(await collection.tagged('1')), ['session-b'])
    assert.deepEqual(await store.read('session-c'), { auth_web: 2 })
  })

  test('an expired session reads as none and is removed', async ({ assert }) => {
    const { store } = await databaseSessions()
    await store.write('session-old', { auth_web: 1 })
    await db
      .from('sessions')
      .where('id', 'session-old')
      .update({ expires_at: new Date(Date.now() - 1000) })
    assert.isNull(await store.read('session-old'))
    assert.isNull(await db.from('sessions').where('id', 'session-old').first())
  })

  test('a session row whose data was tampered with reads as none', async ({ assert }) => {
    const { store } = await databaseSessions()
    await store.write('session-x', { auth_web: 1 })
    await db.from('sessions').where('id', 'session-x').update({ data: '{"auth_web":99}' })
    assert.isNull(await store.read('session-x'))
  })
})
