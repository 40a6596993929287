import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import { configProvider } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import limiter from '@adonisjs/limiter/services/main'
import type { Group } from '@japa/runner/core'
import type { ApiResponse } from '@japa/api-client'
import { clearSettingsCache, saveSettings, type AppSettings } from '#services/settings'

/**
 * Shared setup for the account-flow suites: a rolled-back transaction per
 * test, fresh settings cache and rate-limit counters, and mail captured by
 * the fake mailer (account mails are queued with sendLater).
 */
export function authGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    clearSettingsCache()
    // Every store: with REDIS_URL set (CI's Redis run) the limits live in Redis.
    await limiter.clear()
    mail.fake()
    return () => {
      mail.restore()
      clearSettingsCache()
    }
  })
}

export function fakeMails() {
  return mail.fake().mails
}

export async function useSettings(changes: Partial<AppSettings>) {
  await saveSettings({ teamDomains: ['huddle.test'], ...changes })
}

/** The in-memory session store the test server uses (SESSION_DRIVER=memory). */
export async function memorySessions() {
  const config = await configProvider.resolve<any>(app, app.config.get('session'))
  return config.stores.memory() as {
    write(id: string, data: Record<string, unknown>): void
    read(id: string): Record<string, unknown> | null
    tag(id: string, userId: string): void
    tagged(userId: string): { id: string }[]
    destroy(id: string): void
  }
}

/** Another device signed in as the user: a tagged session in the store. */
export async function otherDeviceSession(userId: number, id = `other-${userId}-${Math.random()}`) {
  const store = await memorySessions()
  store.write(id, { auth_web: userId })
  store.tag(id, String(userId))
  return id
}

/** Validation errors flashed by a refused form (field → messages). */
export function inputErrors(response: ApiResponse) {
  return (response.flashMessage('inputErrorsBag') ?? {}) as unknown as Record<string, string[]>
}

/** A flashed message (or an errorsBag entry, with `bag`) as text. */
export function flashed(response: ApiResponse, key: string, bag?: 'errorsBag') {
  const value = bag ? (response.flashMessage(bag) as any)?.[key] : response.flashMessage(key)
  return String(value ?? '')
}
