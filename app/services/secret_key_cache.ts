import crypto, { type KeyObject } from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

/**
 * Node 24.21 decides whether a key is a KeyObject by reading its private
 * slots and catching the error thrown when it is not one (`isKeyObject` in
 * lib/internal/crypto/keys.js is a try/catch). Every HMAC or cipher keyed
 * with a plain Buffer therefore builds and discards an Error: createHmac
 * costs ~11 µs with a Buffer key against ~2 µs with a KeyObject, AES-GCM
 * 14 µs against 3 µs.
 *
 * AdonisJS keys all of its per-request crypto with Buffers derived from
 * APP_KEY (@boringnode/encryption: the signed session cookie read and
 * written, the CSRF token made and checked, the encrypted XSRF-TOKEN
 * cookie), which made that crypto ~40% of a signed-in request's CPU
 * (npm run bench:profile -- S0, docs/benchmarks.md).
 *
 * This hands createHmac / createCipheriv / createDecipheriv a KeyObject
 * made once per key Buffer instead. The output is the same bytes (a
 * KeyObject holds the same key); the cache is keyed by the Buffer object
 * and checks its bytes on every use, so a Buffer whose content changes gets
 * a new KeyObject, never a stale one. Strings, KeyObjects and CryptoKeys
 * pass through untouched. Remove once Node's check is cheap again.
 */
const INSTALLED = Symbol.for('huddle.secretKeyCache')

type Entry = { bytes: Buffer; key: KeyObject }

export function installSecretKeyCache() {
  const target = crypto as typeof crypto & { [INSTALLED]?: boolean }
  if (target[INSTALLED]) return
  const cache = new WeakMap<Buffer, Entry>()

  const keyFor = (key: unknown): unknown => {
    if (!Buffer.isBuffer(key) || key.length === 0) return key
    const hit = cache.get(key)
    if (hit && hit.bytes.equals(key)) return hit.key
    const bytes = Buffer.from(key)
    const entry = { bytes, key: crypto.createSecretKey(bytes) }
    cache.set(key, entry)
    return entry.key
  }

  const { createHmac, createCipheriv, createDecipheriv } = crypto
  target.createHmac = ((algorithm: string, key: any, options?: any) =>
    createHmac(algorithm, keyFor(key) as any, options)) as typeof crypto.createHmac
  target.createCipheriv = ((algorithm: string, key: any, iv: any, options?: any) =>
    createCipheriv(algorithm, keyFor(key) as any, iv, options)) as typeof crypto.createCipheriv
  target.createDecipheriv = ((algorithm: string, key: any, iv: any, options?: any) =>
    createDecipheriv(algorithm, keyFor(key) as any, iv, options)) as typeof crypto.createDecipheriv
  target[INSTALLED] = true
  // `import { createHmac } from 'node:crypto'` in ES modules sees the change.
  syncBuiltinESMExports()
}
