import { installSecretKeyCache } from '#services/secret_key_cache'

/**
 * Registered first, so every process (web, ace, tests) gets the key cache
 * before any request is signed or encrypted (app/services/secret_key_cache.ts).
 */
export default class CryptoProvider {
  register() {
    installSecretKeyCache()
  }
}
