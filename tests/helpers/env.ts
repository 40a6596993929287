import env from '#start/env'

/**
 * Sets (or, with undefined, unsets) an environment variable for a test.
 * `env.set(key, undefined)` alone leaves the string "undefined" in
 * process.env, which later reads and child processes take for a value.
 */
export function setEnv(key: string, value: string | number | boolean | undefined) {
  env.set(key as any, value as any)
  if (value === undefined) delete process.env[key]
}
