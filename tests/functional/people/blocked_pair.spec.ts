import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import {
  blockState,
  isBlockedPair,
  pairColumn,
  whereNotBlockedPair,
} from '#queries/people/blocked_pair'
import { block } from '#tests/functional/posts/_support'

/** The ids of `among` with no block between them and `viewer` (the column form). */
async function unblockedAmong(viewer: User, among: User[]) {
  const rows = await whereNotBlockedPair(
    db.from('users').whereIn(
      'id',
      among.map((user) => user.id)
    ),
    viewer.id,
    pairColumn('users.id')
  ).select('id')
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/** Whether the pair passes the rule with both sides bound as values. */
async function passes(a: User, b: User) {
  const row = await whereNotBlockedPair(db.from('users').where('id', a.id), a.id, b.id).first()
  return Boolean(row)
}

/**
 * THE blocked-pair rule (app/queries/people/blocked_pair.ts): a block
 * either way counts, a third person is unaffected, in every form.
 */
test.group('People / the blocked-pair rule', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('either direction blocks the pair, in every form; others are unaffected', async ({
    assert,
  }) => {
    const [ana, ben, cy, dee] = await UserFactory.createMany(4)
    await block(ana, ben)
    await block(cy, ana)
    assert.isTrue(await isBlockedPair(ana.id, ben.id))
    assert.isTrue(await isBlockedPair(ben.id, ana.id))
    assert.isTrue(await isBlockedPair(cy.id, ana.id))
    assert.isFalse(await isBlockedPair(ana.id, dee.id))
    assert.isFalse(await isBlockedPair(ben.id, cy.id))

    assert.deepEqual(await blockState(ana.id, ben.id), {
      viewerBlocked: true,
      blockedViewer: false,
    })
    assert.deepEqual(await blockState(ana.id, cy.id), { viewerBlocked: false, blockedViewer: true })
    assert.deepEqual(await blockState(ana.id, dee.id), {
      viewerBlocked: false,
      blockedViewer: false,
    })

    assert.deepEqual(await unblockedAmong(ana, [ben, cy, dee]), [dee.id])
    assert.deepEqual(
      await unblockedAmong(ben, [ana, cy, dee]),
      [cy.id, dee.id].sort((a, b) => a - b)
    )

    assert.isFalse(await passes(ana, ben))
    assert.isFalse(await passes(ben, ana))
    assert.isFalse(await passes(ana, cy))
    assert.isTrue(await passes(ana, dee))
    assert.isTrue(await passes(ben, cy))
  })
})
