import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { PostFactory } from '#database/factories/post_factory'
import { CommentFactory } from '#database/factories/comment_factory'
import { MessageFactory, conversationBetween } from '#database/factories/message_factory'
import { counterMismatches } from '#tests/helpers/counters'

async function row(table: string, id: number) {
  return db.from(table).where('id', id).firstOrFail()
}

/** One stored counter (or id column) of a row, as a number. */
async function counter(table: string, id: number, column: string) {
  const found = await row(table, id)
  return Number(found[column])
}

/**
 * The test factories write rows the way the actions leave them: every
 * denormalised counter equals a count of its rows afterwards.
 */
test.group('Test factories', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('posts in every state keep posts_count, shares_count and media_count exact', async ({
    assert,
  }) => {
    const ana = await UserFactory.create()
    const original = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    await PostFactory.merge({ authorId: ana.id }).apply('pending').create()
    await PostFactory.merge({ authorId: ana.id }).apply('deleted').create()
    await PostFactory.merge({ authorId: ana.id }).apply('announcement').create()
    const withMedia = await PostFactory.merge({ authorId: ana.id }).with('media', 2).create()
    const ben = await UserFactory.create()
    const share = await PostFactory.merge({ authorId: ben.id, sharedPostId: original.id }).create()
    const cleo = await UserFactory.create()
    await PostFactory.merge({ authorId: cleo.id, sharedPostId: original.id })
      .apply('pending')
      .create()

    assert.equal(await counter('users', ana.id, 'posts_count'), 3)
    assert.equal(await counter('users', ben.id, 'posts_count'), 1)
    assert.equal(await counter('users', cleo.id, 'posts_count'), 0)
    assert.equal(await counter('posts', original.id, 'shares_count'), 1)
    assert.equal(await counter('posts', withMedia.id, 'media_count'), 2)
    assert.equal(withMedia.mediaCount, 2)
    const media = await db.from('media').where('post_id', withMedia.id).orderBy('position')
    assert.deepEqual(
      media.map((m) => [Number(m.uploader_id), Number(m.position)]),
      [
        [ana.id, 0],
        [ana.id, 1],
      ]
    )
    assert.equal(share.sharedPostId, original.id)
    assert.equal(original.audience, 'public')
    assert.deepEqual(await counterMismatches(), [])
  })

  test('a post without an author gets a new member', async ({ assert }) => {
    const post = await PostFactory.apply('pending').create()
    const author = await row('users', post.authorId)
    assert.equal(author.role, 'member')
    assert.isNull(post.publishedAt)
    assert.deepEqual(await counterMismatches(), [])
  })

  test('comments count on their post and their author', async ({ assert }) => {
    const post = await PostFactory.create()
    const cleo = await UserFactory.create()
    await CommentFactory.merge({ postId: post.id, authorId: cleo.id }).createMany(2)
    await CommentFactory.merge({ postId: post.id, authorId: cleo.id }).apply('deleted').create()
    await CommentFactory.create()

    assert.equal(await counter('posts', post.id, 'comments_count'), 2)
    assert.equal(await counter('users', cleo.id, 'comments_count'), 2)
    assert.deepEqual(await counterMismatches(), [])
  })

  test('messages move the conversation and the unread counts', async ({ assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const conversationId = await conversationBetween(ana, ben)
    assert.equal(await conversationBetween(ben, ana), conversationId)
    await MessageFactory.merge({ conversationId, senderId: ana.id }).createMany(2)
    const last = await MessageFactory.merge({ conversationId, senderId: ben.id }).create()

    assert.equal(await counter('users', ben.id, 'unread_messages_count'), 2)
    assert.equal(await counter('users', ana.id, 'unread_messages_count'), 1)
    assert.equal(await counter('conversations', conversationId, 'last_message_id'), last.id)
    assert.deepEqual(await counterMismatches(), [])
  })

  test('a message from someone outside the conversation is refused', async ({ assert }) => {
    const [ana, ben, cleo] = await UserFactory.createMany(3)
    const conversationId = await conversationBetween(ana, ben)
    await assert.rejects(
      () => MessageFactory.merge({ conversationId, senderId: cleo.id }).create(),
      /not in that conversation/
    )
    const messages = await db.from('messages').count('* as total').firstOrFail()
    assert.equal(Number(messages.total), 0)
  })
})
