import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import { Emitter, tracingChannels } from '@adonisjs/core/events'
import { Encryption } from '@adonisjs/core/encryption'
import { AES256GCM } from '@adonisjs/core/encryption/drivers/aes_256_gcm'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import InertiaMiddleware from '#middleware/inertia_middleware'
import StaticFilesMiddleware from '#middleware/static_files_middleware'
import { createRequire } from 'node:module'
import Tokens from 'csrf'
import {
  rememberCsrfTokens,
  rememberSessionCookieSignatures,
  skipUnheardEvents,
} from '#services/request_pipeline'

const freshEncryption = () =>
  new Encryption({
    driver: (key) => new AES256GCM({ id: 'test', key }),
    keys: ['a-test-secret-of-at-least-32-characters!'],
  })
const freshVerifier = () => freshEncryption().getMessageVerifier()

/** A copy of the `csrf` package shield uses, loaded anew (its prototype not wrapped). */
function freshTokens() {
  const fromShield = createRequire(import.meta.resolve('@adonisjs/shield/shield_middleware'))
  const path = fromShield.resolve('csrf')
  const cached = fromShield.cache[path]
  delete fromShield.cache[path]
  try {
    const Fresh = fromShield('csrf') as typeof Tokens
    return new Fresh()
  } finally {
    if (cached) fromShield.cache[path] = cached
  }
}

/** Counts the calls that reach the real functions of `target`. */
function countCalls<T extends object>(
  target: T,
  names: (keyof T & string)[],
  calls: Record<string, number> = {}
) {
  for (const name of names) {
    calls[name] = 0
    const real = (target[name] as any).bind(target)
    ;(target as any)[name] = (...args: any[]) => (calls[name]++, real(...args))
  }
  return calls
}

test.group('Request pipeline / installed in the app', () => {
  test('stateless middleware are built once; the emitter and cookie verifier are wrapped', async ({
    assert,
  }) => {
    for (const Middleware of [ShieldMiddleware, InertiaMiddleware, StaticFilesMiddleware]) {
      const first = await app.container.make(Middleware as any)
      assert.instanceOf(first, Middleware)
      assert.strictEqual(await app.container.make(Middleware as any), first)
    }
    assert.isTrue((emitter as any)[Symbol.for('huddle.skipUnheardEvents')])
    // For the cookie the session middleware really signs.
    const encryption = await app.container.make('encryption')
    const sessionConfig = await configProvider.resolve<any>(app, app.config.get('session'))
    assert.isString(sessionConfig.cookieName)
    assert.equal(
      (encryption.getMessageVerifier() as any)[
        Symbol.for('huddle.rememberSessionCookieSignatures')
      ],
      sessionConfig.cookieName
    )
  })
})

test.group('Request pipeline / events nobody listens to', () => {
  const make = () => {
    const events = new Emitter<Record<string, any>>(app)
    skipUnheardEvents(events as any)
    return events
  }

  test('a listener still gets its event; an onAny listener hears every event', async ({
    assert,
  }) => {
    const events = make()
    const heard: unknown[] = []
    events.on('one', (data) => void heard.push(['one', data]))
    await events.emit('one', { a: 1 })
    await events.emit('two', { b: 2 })
    assert.deepEqual(heard, [['one', { a: 1 }]])
    events.onAny((name, data) => void heard.push(['any', name, data]))
    await events.emit('two', { b: 2 })
    assert.deepEqual(heard.at(-1), ['any', 'two', { b: 2 }])
  })

  test('a fake records events without listeners, until restored', async ({ assert }) => {
    const events = make()
    const buffer = events.fake()
    await events.emit('unheard', { id: 7 })
    assert.isTrue(buffer.exists('unheard', (event) => event.data.id === 7))
    events.restore()
    // fake() restores the previous fake itself; the new one records again.
    events.fake()
    const second = events.fake(['other'])
    await events.emit('other', 1)
    assert.isTrue(second.exists('other'))
    events.restore()
    // Restored: no listener, no fake → a listener added now hears only later events.
    await events.emit('other', 2)
    const heard: unknown[] = []
    events.on('other', (data) => void heard.push(data))
    await events.emit('other', 3)
    assert.deepEqual(heard, [3])
  })

  test('event tracing subscribers see events without listeners', async ({ assert }) => {
    const events = make()
    const seen: string[] = []
    const subscriber = { start: (message: any) => void seen.push(message?.event) }
    tracingChannels.eventDispatch.subscribe(subscriber as any)
    try {
      await events.emit('traced', 1)
    } finally {
      tracingChannels.eventDispatch.unsubscribe(subscriber as any)
    }
    assert.deepEqual(seen, ['traced'])
  })
})

test.group('Request pipeline / session cookie signatures', () => {
  test('same signed values as the verifier, computed once per session id', ({ assert }) => {
    const plain = freshVerifier()
    const verifier = freshVerifier()
    const calls = countCalls(verifier, ['sign', 'unsign'])
    rememberSessionCookieSignatures(verifier, 'huddle-session')

    const signed = verifier.sign('session-1', undefined, 'huddle-session')
    assert.equal(signed, plain.sign('session-1', undefined, 'huddle-session'))
    assert.equal(verifier.sign('session-1', undefined, 'huddle-session'), signed)
    assert.equal(calls.sign, 1)

    assert.equal(verifier.unsign(signed, 'huddle-session'), 'session-1')
    assert.equal(verifier.unsign(signed, 'huddle-session'), 'session-1')
    assert.equal(calls.unsign, 1)
  })

  test('a forged or altered cookie is checked and refused every time', ({ assert }) => {
    const verifier = freshVerifier()
    const calls = countCalls(verifier, ['sign', 'unsign'])
    rememberSessionCookieSignatures(verifier, 'huddle-session')
    const signed = verifier.sign('session-2', undefined, 'huddle-session')
    const [encoded, mac] = signed.split('.')
    const altered = `${encoded}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`
    const otherPurpose = freshVerifier().sign('session-2', undefined, 'other-cookie')

    for (let i = 0; i < 3; i++) {
      assert.isNull(verifier.unsign(altered, 'huddle-session'))
      assert.isNull(verifier.unsign(otherPurpose, 'huddle-session'))
    }
    assert.equal(calls.unsign, 6)
    assert.equal(verifier.unsign(signed, 'huddle-session'), 'session-2')
  })

  test('other purposes and expiring messages are never remembered', ({ assert }) => {
    const verifier = freshVerifier()
    const calls = countCalls(verifier, ['sign', 'unsign'])
    rememberSessionCookieSignatures(verifier, 'huddle-session')
    verifier.sign('x', undefined, 'signed-url')
    verifier.sign('x', undefined, 'signed-url')
    verifier.sign('x', '1h', 'huddle-session')
    verifier.sign('x', '1h', 'huddle-session')
    assert.equal(calls.sign, 4)
    const url = verifier.sign('x', undefined, 'signed-url')
    verifier.unsign(url, 'signed-url')
    verifier.unsign(url, 'signed-url')
    assert.equal(calls.unsign, 2)
  })

  test('keeps at most `limit` entries, the oldest leaving first', ({ assert }) => {
    const verifier = freshVerifier()
    const calls = countCalls(verifier, ['sign', 'unsign'])
    rememberSessionCookieSignatures(verifier, 'huddle-session', 2)
    for (const id of ['a', 'b', 'c']) verifier.sign(id, undefined, 'huddle-session')
    assert.equal(calls.sign, 3)
    verifier.sign('c', undefined, 'huddle-session')
    verifier.sign('b', undefined, 'huddle-session')
    assert.equal(calls.sign, 3)
    verifier.sign('a', undefined, 'huddle-session')
    assert.equal(calls.sign, 4)
  })
})

test.group('Request pipeline / CSRF tokens', () => {
  const setup = () => {
    const tokens = freshTokens()
    const encryption = freshEncryption()
    const calls = countCalls(tokens, ['create', 'verify'])
    countCalls(encryption, ['encrypt', 'decrypt'], calls)
    rememberCsrfTokens(tokens, encryption)
    return { tokens, encryption, calls }
  }

  test('installed on the package shield uses and on the cookie encrypter', async ({ assert }) => {
    assert.isTrue((Tokens.prototype as any)[Symbol.for('huddle.rememberCsrfTokens')])
    const manager = await app.container.make('encryption')
    const encryption = manager.use()
    const token = new Tokens().create('installed-secret')
    assert.equal(new Tokens().create('installed-secret'), token)
    assert.equal(
      encryption.encrypt(token, undefined, 'XSRF-TOKEN'),
      encryption.encrypt(token, undefined, 'XSRF-TOKEN')
    )
  })

  test('a session keeps one token, one cookie value, checked once', ({ assert }) => {
    const { tokens, encryption, calls } = setup()
    const secret = 'session-secret-1'
    const token = tokens.create(secret)
    const cookie = encryption.encrypt(token, undefined, 'XSRF-TOKEN')
    for (let i = 0; i < 3; i++) {
      assert.equal(tokens.create(secret), token)
      assert.equal(encryption.encrypt(token, undefined, 'XSRF-TOKEN'), cookie)
      assert.equal(encryption.decrypt(cookie, 'XSRF-TOKEN'), token)
      assert.isTrue(tokens.verify(secret, token))
    }
    assert.deepEqual(calls, { create: 1, verify: 1, encrypt: 1, decrypt: 1 })
    // Another secret (a new session, or after signing out) gets its own token.
    assert.notEqual(tokens.create('session-secret-2'), token)
  })

  test("another session's token, a forged cookie, a wrong purpose: refused every time", ({
    assert,
  }) => {
    const { tokens, encryption, calls } = setup()
    const mine = tokens.create('mine')
    const theirs = tokens.create('theirs')
    const cookie = encryption.encrypt(mine, undefined, 'XSRF-TOKEN')
    const forged = `${cookie.slice(0, -4)}AAAA`
    for (let i = 0; i < 3; i++) {
      assert.isFalse(tokens.verify('mine', theirs))
      assert.isNull(encryption.decrypt(forged, 'XSRF-TOKEN'))
      assert.isNull(encryption.decrypt(cookie, 'other-purpose'))
    }
    assert.equal(calls.verify, 3)
    assert.equal(calls.decrypt, 6)
  })

  test('other encrypted values are not remembered', ({ assert }) => {
    const { encryption, calls } = setup()
    const first = encryption.encrypt('value', undefined, 'other-cookie')
    assert.notEqual(encryption.encrypt('value', undefined, 'other-cookie'), first)
    encryption.encrypt('value', '1h', 'XSRF-TOKEN')
    encryption.encrypt('value', '1h', 'XSRF-TOKEN')
    assert.equal(calls.encrypt, 4)
  })
})
