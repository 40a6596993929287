import { test } from '@japa/runner'
import string from '@adonisjs/core/helpers/string'
import {
  POOL_BYTES,
  installRandomPool,
  pooledRandomBytes,
  pooledRandomString,
  randomPoolStats,
} from '#services/random_pool'

test.group('Random strings from a pool of random bytes', () => {
  test('strings have the asked length, the URL-safe alphabet and never repeat', ({ assert }) => {
    const seen = new Set<string>()
    // Several refills of the pool.
    const draws = Math.ceil((POOL_BYTES * 4) / 13)
    for (let i = 0; i < draws; i++) {
      const value = pooledRandomString(16)
      assert.lengthOf(value, 16)
      assert.match(value, /^[A-Za-z0-9_-]{16}$/)
      seen.add(value)
    }
    assert.equal(seen.size, draws)
  })

  test('bytes are handed out once, across a refill, and large requests bypass the pool', ({
    assert,
  }) => {
    const chunks = Array.from({ length: 2 * (POOL_BYTES / 64) + 3 }, () => pooledRandomBytes(64))
    const hex = new Set(chunks.map((chunk) => chunk.toString('hex')))
    assert.equal(hex.size, chunks.length)
    assert.lengthOf(pooledRandomBytes(POOL_BYTES + 1), POOL_BYTES + 1)
  })

  test('string.generateRandom draws from the pool once installed', ({ assert }) => {
    installRandomPool()
    const before = randomPoolStats.strings
    const values = new Set(Array.from({ length: 1000 }, () => string.generateRandom(16)))
    assert.equal(values.size, 1000)
    assert.equal(randomPoolStats.strings - before, 1000)
    for (const value of values) assert.match(value, /^[A-Za-z0-9_-]{16}$/)
  })
})
