import type { Config } from '@japa/runner/types'

/**
 * Browser suite wiring (real Chromium). Filled in by the browser test setup.
 */
export function browserPlugins(): NonNullable<Config['plugins']> {
  return []
}

export function browserSetup(_suite: unknown) {}
