import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import { postsGroup } from '#tests/functional/posts/_support'

export {
  admin,
  block,
  external,
  member,
  storedFiles,
  storedPath,
  tableCount,
} from '#tests/functional/posts/_support'

/**
 * People suites: each test in a rolled-back transaction, Drive faked into
 * this process's folder, limiter stores cleared (reports per day, uploads).
 */
export function peopleGroup(group: Group) {
  postsGroup(group)
  group.each.setup(async () => {
    await limiter.clear()
  })
}

export async function blockRows() {
  const rows = await db.from('blocks').select('blocker_id', 'blocked_id')
  return rows.map((row) => [Number(row.blocker_id), Number(row.blocked_id)])
}
