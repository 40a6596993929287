import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import ChangeRole from '#actions/admin/people/change_role'
import BlockAccount from '#actions/admin/people/block_account'
import { anotherActiveAdmin } from '#services/people/last_admin'
import { onSqlite } from '#tests/helpers/dialect'

/**
 * The last active administrator stays, even when two administrators take
 * each other's rights at the same moment (both pass UserPolicy's read):
 * the change checks again under the admins' row locks
 * (app/services/people/last_admin.ts). Real commits here (no global
 * transaction): the second change has to wait for the first one's.
 */
const SQLITE_ONE_WRITER =
  'SQLite runs one write transaction at a time: the two changes cannot overlap'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function twoLoneAdmins(assert: any) {
  const [ana, ben] = await UserFactory.apply('admin').createMany(2)
  const others = await db
    .from('users')
    .where('role', 'admin')
    .where('is_active', true)
    .whereNull('deleted_at')
    .whereNull('deletion_requested_at')
    .whereNotIn('id', [ana.id, ben.id])
    .count('* as total')
  assert.equal(Number(others[0].total), 0, 'no other active administrator in the database')
  return { ana, ben }
}

/** Ben loses his rights in a transaction that holds the admins' rows and has not committed. */
async function benLosesRightsUncommitted(benId: number, change: Record<string, unknown>) {
  const first = await db.transaction()
  await anotherActiveAdmin(first, benId)
  await first.from('users').where('id', benId).update(change)
  return first
}

test.group('Admin people / the last administrator under concurrent changes', () => {
  test('two admins demote each other at once: one change goes through, one admin remains', async ({
    assert,
  }) => {
    const { ana, ben } = await twoLoneAdmins(assert)
    try {
      const first = await benLosesRightsUncommitted(ben.id, { role: 'member' })
      // Ben demotes Ana meanwhile: it waits for the first change, then finds Ana alone.
      const second = new ChangeRole().handle(await User.findOrFail(ana.id), 'member')
      await pause(300)
      await first.commit()
      assert.isNull(await second)
      const admins = await db.from('users').whereIn('id', [ana.id, ben.id]).where('role', 'admin')
      assert.deepEqual(
        admins.map((row) => Number(row.id)),
        [ana.id]
      )
    } finally {
      await db.from('users').whereIn('id', [ana.id, ben.id]).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)

  test('two admins block each other at once: one block goes through, one admin remains', async ({
    assert,
  }) => {
    const { ana, ben } = await twoLoneAdmins(assert)
    try {
      const first = await benLosesRightsUncommitted(ben.id, { is_active: false })
      const second = new BlockAccount().handle(await User.findOrFail(ana.id), {
        reason: 'Testing the race',
        until: null,
        by: ben,
      })
      await pause(300)
      await first.commit()
      assert.isNull(await second)
      const active = await db.from('users').whereIn('id', [ana.id, ben.id]).where('is_active', true)
      assert.deepEqual(
        active.map((row) => Number(row.id)),
        [ana.id]
      )
    } finally {
      await db.from('users').whereIn('id', [ana.id, ben.id]).delete()
    }
  }).skip(onSqlite(), SQLITE_ONE_WRITER)
})
