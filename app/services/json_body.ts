import { safeStringify } from '@poppinss/utils/json'

/**
 * How response bodies (JSON, Inertia page objects) become text.
 *
 * AdonisJS's default is `safeStringify` (safe-stable-stringify with a
 * replacer): it survives circular references (dropped) and BigInts (as
 * strings), but it walks the value in JavaScript and was ~6% of a home-feed
 * request (`npm run bench:profile -- S1`: 18 KB of cards). V8's native
 * JSON.stringify gives the same text for everything else, several times
 * faster, and throws on exactly those two cases — so it is tried first and
 * the safe serializer takes over only when it throws.
 */
export function serializeJSON(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return safeStringify(value)
  }
}
