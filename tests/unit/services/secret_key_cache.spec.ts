import crypto, { createHmac as namedCreateHmac, createSecretKey, randomBytes } from 'node:crypto'
import { test } from '@japa/runner'

/** HMAC-SHA256 of `message` computed from a string key (a path the cache never touches). */
const hmacWithStringKey = (key: string, message: string) =>
  crypto.createHmac('sha256', key).update(message).digest('hex')

test.group('Secret key cache (Buffer keys → KeyObjects)', () => {
  // Installed by providers/crypto_provider.ts when the app boots, as in every process.
  test('is installed in the app and seen by named ESM imports', ({ assert }) => {
    assert.isTrue((crypto as any)[Symbol.for('huddle.secretKeyCache')])
    assert.strictEqual(namedCreateHmac, crypto.createHmac)
  })

  test('an HMAC keyed with a Buffer is the HMAC of those bytes (RFC 4231 case 2)', ({ assert }) => {
    const key = Buffer.from('Jefe')
    const mac = crypto
      .createHmac('sha256', key)
      .update('what do ya want for nothing?')
      .digest('hex')
    assert.equal(mac, '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
    // Twice: the second call uses the cached KeyObject.
    assert.equal(
      crypto.createHmac('sha256', key).update('what do ya want for nothing?').digest('hex'),
      mac
    )
  })

  test('a Buffer whose bytes change is never served a stale key', ({ assert }) => {
    const key = Buffer.from('first-secret-0123456789')
    assert.equal(
      crypto.createHmac('sha256', key).update('m').digest('hex'),
      hmacWithStringKey('first-secret-0123456789', 'm')
    )
    key.write('other')
    assert.equal(
      crypto.createHmac('sha256', key).update('m').digest('hex'),
      hmacWithStringKey('other-secret-0123456789', 'm')
    )
  })

  test('strings, KeyObjects and empty keys pass through', ({ assert }) => {
    const keyObject = createSecretKey(Buffer.from('abc'))
    assert.equal(
      crypto.createHmac('sha256', keyObject).update('m').digest('hex'),
      hmacWithStringKey('abc', 'm')
    )
    assert.equal(
      crypto.createHmac('sha256', Buffer.alloc(0)).update('m').digest('hex'),
      hmacWithStringKey('', 'm')
    )
  })

  test('AES-256-GCM with a Buffer key decrypts with a KeyObject of the same bytes', ({
    assert,
  }) => {
    const key = randomBytes(32)
    const iv = randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
    const sealed = Buffer.concat([cipher.update('session data'), cipher.final()])
    const tag = cipher.getAuthTag()
    const decipher = crypto.createDecipheriv('aes-256-gcm', createSecretKey(Buffer.from(key)), iv)
    decipher.setAuthTag(tag)
    assert.equal(
      Buffer.concat([decipher.update(sealed), decipher.final()]).toString(),
      'session data'
    )

    const again = crypto.createDecipheriv('aes-256-gcm', key, iv)
    again.setAuthTag(tag)
    assert.equal(Buffer.concat([again.update(sealed), again.final()]).toString(), 'session data')
  })
})
