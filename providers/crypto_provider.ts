import { installSecretKeyCache } from '#services/secret_key_cache'
import { installRandomPool } from '#services/random_pool'

/**
 * Registered first, so every process (web, ace, tests) gets the key cache
 * before any request is signed or encrypted (app/services/secret_key_cache.ts),
 * and random strings drawn from a pool (app/services/random_pool.ts).
 */
export default class CryptoProvider {
  register() {
    installSecretKeyCache()
    installRandomPool()
  }
}
