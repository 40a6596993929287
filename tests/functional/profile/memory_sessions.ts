import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'
import type { SessionStoreContract } from '@adonisjs/session/types'
import type User from '#models/user'

/**
 * Helpers for the memory session store used by the functional tests: plant
 * sessions "on other devices" (tagged with a user id, as sign-in does) and
 * check which ones survive.
 */
async function memoryStore() {
  const config = await configProvider.resolve<{
    stores: Record<string, () => SessionStoreContract>
  }>(app, app.config.get('session'))
  return config!.stores.memory() as SessionStoreContract & { tag(id: string, userId: string): void }
}

/** A signed-in session of `user` in another browser; returns its id. */
export async function otherDeviceSession(user: User) {
  const store = await memoryStore()
  const id = randomUUID()
  await store.write(id, { auth_web: user.id })
  await store.tag(id, String(user.id))
  return id
}

/** Tags the session a test request will use (sign-in tags sessions in the app). */
export async function tagSession(sessionId: string, user: User) {
  const store = await memoryStore()
  await store.tag(sessionId, String(user.id))
}

export async function sessionExists(id: string) {
  const sessions = await app.container.make(SessionCollection)
  return (await sessions.get(id)) !== null
}

/**
 * Forgets every session of the memory store. User ids are reused between
 * tests (each test's rows are rolled back), so sessions planted by one test
 * must not reach the next.
 */
export async function clearMemorySessions() {
  const store = await memoryStore()
  const shared = store.constructor as unknown as {
    sessions: Map<string, unknown>
    tags: Map<string, string>
  }
  shared.sessions.clear()
  shared.tags.clear()
}
