import { PostFactory } from '#database/factories/post_factory'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Bouncer } from '@adonisjs/bouncer'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type Media from '#models/media'
import type User from '#models/user'
import MediaPolicy from '#policies/media_policy'
import SendMessage from '#actions/messages/send_message'
import { countQueries } from '#tests/functional/feeds/query_counter'
import {
  admin,
  block,
  external,
  makeMedia,
  member,
  postsGroup,
} from '#tests/functional/posts/_support'

const BYTES = Buffer.from('0123456789'.repeat(10))

const mayDownload = (user: User | null, media: Media) =>
  new Bouncer<User>(user).with(MediaPolicy).allows('download', media)

/** A file attached to a private message from `sender` to `recipient`. */
async function messageFile(sender: User, recipient: User) {
  // The message's events (broadcast, notification) are not what is tested here.
  emitter.fake()
  const { message } = await new SendMessage()
    .handle({ sender, recipient, body: 'See attached', files: [] })
    .finally(() => emitter.restore())
  const media = await makeMedia(
    await PostFactory.merge({ authorId: sender.id }).create(),
    BYTES,
    'application/pdf'
  )
  await db
    .from('media')
    .where('id', media.id)
    .update({ post_id: null, message_id: (message as { id: number }).id })
  await media.refresh()
  return media
}

/** A file attached to a comment by `commenter` on a post by `author`. */
async function commentFile(author: User, commenter: User) {
  const post = await PostFactory.merge({ authorId: author.id }).create()
  const [row] = await db
    .table('comments')
    .insert({
      post_id: post.id,
      author_id: commenter.id,
      body: 'Nice',
      likes_count: 0,
      created_at: DateTime.now().toSQL({ includeOffset: false }),
    })
    .returning('id')
  const commentId = Number(typeof row === 'object' ? row.id : row)
  const media = await makeMedia(post, BYTES, 'application/pdf')
  await db.from('media').where('id', media.id).update({ post_id: null, comment_id: commentId })
  await media.refresh()
  return { media, commentId }
}

/**
 * MediaPolicy (app/policies/media_policy.ts): who may download a file,
 * for a guest, another user, the owner or participants, an admin and a
 * blocked pair; and what asking costs (the media route is hot).
 */
test.group('MediaPolicy', (group) => {
  postsGroup(group)

  test('a post’s file: its post’s visibility decides', async ({ assert }) => {
    const author = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: author.id }).create(),
      BYTES,
      'application/pdf'
    )
    assert.isFalse(await mayDownload(null, media), 'guest')
    assert.isTrue(await mayDownload(author, media), 'owner')
    assert.isTrue(await mayDownload(await member(), media), 'teammate')
    assert.isTrue(await mayDownload(await admin(), media), 'admin')
    assert.isFalse(await mayDownload(await external(), media), 'external, team post')
    const blocked = await member()
    await block(blocked, author)
    assert.isFalse(await mayDownload(blocked, media), 'blocked pair')
  })

  test('a message’s file: the two people of the conversation only, admins included', async ({
    assert,
  }) => {
    const ana = await member()
    const ben = await member()
    const media = await messageFile(ana, ben)
    assert.isFalse(await mayDownload(null, media), 'guest')
    assert.isTrue(await mayDownload(ana, media), 'sender')
    assert.isTrue(await mayDownload(ben, media), 'recipient')
    assert.isFalse(await mayDownload(await member(), media), 'other user')
    assert.isFalse(await mayDownload(await admin(), media), 'admin')
  })

  test('a comment’s file: live comment, visible post, no block with the commenter', async ({
    assert,
  }) => {
    const author = await member()
    const commenter = await member()
    const { media, commentId } = await commentFile(author, commenter)
    const reader = await member()
    assert.isFalse(await mayDownload(null, media), 'guest')
    assert.isTrue(await mayDownload(reader, media), 'other user')
    assert.isTrue(await mayDownload(await admin(), media), 'admin')
    assert.isFalse(await mayDownload(await external(), media), 'external, team post')
    await block(reader, commenter)
    assert.isFalse(await mayDownload(reader, media), 'blocked pair')
    assert.isTrue(await mayDownload(author, media), 'post author')
    await db
      .from('comments')
      .where('id', commentId)
      .update({ deleted_at: DateTime.now().toSQL({ includeOffset: false }) })
    assert.isFalse(await mayDownload(author, media), 'deleted comment')
  })

  test('a file attached to nothing: its uploader only', async ({ assert }) => {
    const uploader = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: uploader.id }).create(),
      BYTES,
      'application/pdf'
    )
    await db.from('media').where('id', media.id).update({ post_id: null })
    await media.refresh()
    assert.isTrue(await mayDownload(uploader, media))
    assert.isFalse(await mayDownload(await member(), media))
    assert.isFalse(await mayDownload(await admin(), media))
  })

  test('asking costs what the controller’s SQL cost: 1 query, 3 for a comment’s file', async ({
    assert,
  }) => {
    const ana = await member()
    const ben = await member()
    const postFile = await makeMedia(
      await PostFactory.merge({ authorId: ana.id }).create(),
      BYTES,
      'application/pdf'
    )
    const messageMedia = await messageFile(ana, ben)
    const { media: commentMedia } = await commentFile(ana, ben)
    const cost = async (media: Media) => {
      const { count } = await countQueries(() => mayDownload(ben, media))
      return count
    }
    assert.equal(await cost(postFile), 1)
    assert.equal(await cost(messageMedia), 1)
    assert.equal(await cost(commentMedia), 3)
  })

  test('GET /media/:id costs the same queries as before the policy', async ({ client, assert }) => {
    const ana = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: ana.id }).create(),
      BYTES,
      'application/pdf'
    )
    // Warm up (session store, settings caches), then count one request.
    const warm = await client.get(`/media/${media.id}`).loginAs(ana)
    warm.assertStatus(200)
    const { result, count } = await countQueries(() =>
      client.get(`/media/${media.id}`).loginAs(ana)
    )
    result.assertStatus(200)
    assert.equal(count, MEDIA_REQUEST_QUERIES)
  })
})

/** Measured on the controller before MediaPolicy (commit 2643c4f): auth, Media.find, visibility. */
const MEDIA_REQUEST_QUERIES = 3
