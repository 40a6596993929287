import { randomBytes } from 'node:crypto'
import string from '@adonisjs/core/helpers/string'

/**
 * `string.generateRandom` (URL-safe random strings: shield's CSP nonce on
 * every response, among others) called `crypto.randomBytes` for each
 * string, a synchronous call into OpenSSL for a dozen bytes: ~2% of a
 * home-feed request (`npm run bench:profile -- S1`). Here the bytes come
 * from a pool filled `POOL_BYTES` at a time from the same generator, each
 * byte handed out once, as Node's own `crypto.randomUUID()` does with its
 * entropy cache. Same alphabet and length as the stock generator
 * (base64url without padding).
 */
export const POOL_BYTES = 4096

let pool = Buffer.alloc(0)
let offset = 0

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomBytes(size)
  if (offset + size > pool.length) {
    pool = randomBytes(POOL_BYTES)
    offset = 0
  }
  // A copy of the bytes, which the pool never hands out again.
  const bytes = Buffer.from(pool.subarray(offset, offset + size))
  offset += size
  return bytes
}

/** Strings made here since the process started (a test checks the generator is in use). */
export const randomPoolStats = { strings: 0 }

/** A URL-safe random string of `size` characters (the stock generator's output format). */
export function pooledRandomString(size: number) {
  randomPoolStats.strings++
  return pooledRandomBytes(Math.ceil(((size + 1) * 6) / 8))
    .toString('base64url')
    .slice(0, size)
}

/** Makes `string.generateRandom` draw from the pool (CryptoProvider, at boot). */
export function installRandomPool() {
  ;(
    string.generateRandom as typeof string.generateRandom & {
      use(fn: (size: number) => string): void
    }
  ).use(pooledRandomString)
}
