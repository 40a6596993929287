import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import Notify from '#actions/notifications/notify'
import { notificationPage as readPage, unreadCount } from '#queries/notifications'
import NotificationTransformer from '#transformers/notification_transformer'
import { block } from '#tests/functional/feeds/fixtures'
import { dbNow } from '#services/db/db_time'

/**
 * Notify: never about one's own actions, never between people in a block
 * relation, never to dead accounts; grouped kinds merge unread ones.
 */
/** A page of notifications as the browser receives them. */
async function notificationPage(userId: number) {
  const page = await readPage(userId)
  return { ...page, items: page.items.map((item) => new NotificationTransformer(item).toObject()) }
}

const like = (recipientId: number, actorId: number, postId = 1) =>
  new Notify().handle({
    recipientId,
    kind: 'post_liked',
    actorId,
    target: { type: 'post', id: postId },
  })

test.group('Notifications / rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('never about oneself', async ({ assert }) => {
    const ana = await UserFactory.create()
    assert.isNull(await like(ana.id, ana.id))
    assert.equal(await unreadCount(ana.id), 0)
  })

  test('never between people in a block relation, whoever blocked', async ({ assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await block(ana, bo)
    await block(cy, ana)
    assert.isNull(await like(ana.id, bo.id))
    assert.isNull(await like(bo.id, ana.id))
    assert.isNull(await like(ana.id, cy.id))
    assert.isNull(await like(cy.id, ana.id))
  })

  test('never to inactive, deleted or deletion-pending accounts', async ({ assert }) => {
    const actor = await UserFactory.create()
    for (const state of ['inactive', 'deletionPending'] as const) {
      const user = await UserFactory.apply(state).create()
      assert.isNull(await like(user.id, actor.id))
    }
    assert.isNull(await like(999_999, actor.id))
  })

  test('grouping: one unread row per kind and target, newest actor first, moved to the top', async ({
    assert,
  }) => {
    const [ana, bo, cy, dee] = await UserFactory.createMany(4)
    const first = await like(ana.id, bo.id, 1)
    await like(ana.id, dee.id, 2)
    const merged = await like(ana.id, cy.id, 1)
    assert.isAbove(merged!.id, first!.id)
    const page = await notificationPage(ana.id)
    assert.lengthOf(page.items, 2)
    assert.equal(page.items[0].id, merged!.id)
    assert.equal(page.items[0].actorCount, 2)
    assert.deepEqual(
      page.items[0].actors.map((a) => a.username),
      [cy.username, bo.username]
    )
    assert.equal(await unreadCount(ana.id), 2)
  })

  test('a group that was read is not reopened: the next like starts a new one', async ({
    assert,
  }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await like(ana.id, bo.id)
    await db.from('notifications').where('user_id', ana.id).update({ read_at: dbNow() })
    await like(ana.id, cy.id)
    const page = await notificationPage(ana.id)
    assert.lengthOf(page.items, 2)
    assert.equal(page.items[0].actorCount, 1)
    assert.isFalse(page.items[0].read)
  })

  test('non-grouped kinds are one per event', async ({ assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    for (let i = 0; i < 2; i++) {
      await new Notify().handle({
        recipientId: ana.id,
        kind: 'post_mentioned',
        actorId: bo.id,
        target: { type: 'post', id: 5 },
      })
    }
    assert.equal(await unreadCount(ana.id), 2)
  })

  test('someone blocked after acting drops out of the names and the count', async ({ assert }) => {
    const [ana, bo, cy] = await UserFactory.createMany(3)
    await like(ana.id, bo.id)
    await like(ana.id, cy.id)
    await block(ana, bo)
    const page = await notificationPage(ana.id)
    assert.equal(page.items[0].actorCount, 1)
    assert.deepEqual(
      page.items[0].actors.map((a) => a.username),
      [cy.username]
    )
  })
})
