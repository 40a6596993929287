import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { directReadStats } from '#services/db/sqlite_direct_reads'
import { insertModelRow } from '#services/db/model_rows'
import Post from '#models/post'
import Media from '#models/media'
import { onPostgres } from '#tests/helpers/dialect'
import * as fixtures from '#tests/fixtures/media_files'
import { storedFiles } from './_support.js'

/**
 * A new post's transaction (app/actions/posts/create_post.ts) as it runs in
 * production: not inside a test's global transaction, so on SQLite it runs
 * straight on the connection (runSqlSteps), and on PostgreSQL through
 * db.transaction. The post row, its files' media rows in order, its
 * mentions and its author's posts_count are written together, or nothing
 * is (and no file is left on the disk).
 */

type Upload = { name: string; contents: Buffer }

function submit(client: ApiClient, user: User, body: string, files: Upload[], key?: string) {
  let request = client.post('/posts').withCsrfToken().redirects(0).loginAs(user)
  if (key) request = request.header('Idempotency-Key', key)
  request = request.fields({ body, audience: 'team' })
  files.forEach((file, index) => {
    request = request.file(`files[${index}]`, file.contents, { filename: file.name })
  })
  return request
}

const mention = (user: User) =>
  `<span data-type="mention" class="mention" data-id="${user.id}" data-label="${user.username}">@${user.username}</span>`

test.group('Posts / create: the transaction outside a test transaction', (group) => {
  const created: User[] = []
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
  group.each.setup(() => limiter.clear())
  group.each.teardown(async () => {
    const ids = created.map((user) => user.id)
    created.length = 0
    if (!ids.length) return
    const posts = db.from('posts').whereIn('author_id', ids).select('id')
    await db.from('notifications').whereIn('user_id', ids).delete()
    await db.from('post_mentions').whereIn('post_id', posts).delete()
    await db.from('media').whereIn('uploader_id', ids).delete()
    await db.from('posts').whereIn('author_id', ids).delete()
    await db.from('users').whereIn('id', ids).delete()
  })

  test('the post, its files in order, its mention and the count are stored together', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    created.push(ana, ben)

    const response = await submit(client, ana, `<p>Photos for ${mention(ben)}</p>`, [
      { name: 'first.png', contents: await fixtures.png() },
      { name: 'second.jpg', contents: await fixtures.jpeg() },
    ])
    response.assertStatus(302)
    const postId = Number(String(response.header('location')).split('/').pop())

    const post = await db.from('posts').where('id', postId).firstOrFail()
    assert.include(post, { author_id: ana.id, status: 'published', media_count: 2 })
    assert.isNotNull(post.published_at)
    assert.isNotNull(post.created_at)
    const media = await db.from('media').where('post_id', postId).orderBy('position')
    assert.deepEqual(
      media.map((row) => [row.original_name, Number(row.position), row.uploader_id]),
      [
        ['first.png', 0, ana.id],
        ['second.jpg', 1, ana.id],
      ]
    )
    assert.isNotNull(media[0].created_at)
    const mentions = await db.from('post_mentions').where('post_id', postId).select('user_id')
    assert.deepEqual(
      mentions.map((row) => Number(row.user_id)),
      [ben.id]
    )
    const author = await db.from('users').where('id', ana.id).firstOrFail()
    assert.equal(Number(author.posts_count), 1)
    const notified = await db
      .from('notifications')
      .where({ user_id: ben.id, kind: 'post_mentioned' })
      .count('* as total')
      .first()
    assert.equal(Number(notified?.total), 1)
  })

  test('on SQLite it runs straight on the connection, one transaction', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    created.push(ana)
    const before = directReadStats.transactions
    const response = await submit(client, ana, '<p>Straight to the file</p>', [
      { name: 'one.png', contents: await fixtures.png() },
    ])
    response.assertStatus(302)
    // The post's transaction only: nobody is mentioned, so nothing is notified.
    assert.equal(directReadStats.transactions - before, 1)
    const author = await db.from('users').where('id', ana.id).firstOrFail()
    assert.equal(Number(author.posts_count), 1)
  }).skip(onPostgres(), 'runSqlSteps runs through db.transaction on PostgreSQL')

  test('racing sends with one key and files: one post, no file left behind', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    created.push(ana)
    const png = await fixtures.png()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        submit(
          client,
          ana,
          '<p>Racing with a photo</p>',
          [{ name: 'race.png', contents: png }],
          'race-key-0001'
        )
      )
    )
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [302, 302, 302, 302]
    )
    assert.equal(new Set(answers.map((answer) => answer.header('location'))).size, 1)
    const posts = await db.from('posts').where('author_id', ana.id).select('id')
    assert.lengthOf(posts, 1)
    const media = await db.from('media').where('post_id', posts[0].id)
    const kept = media.flatMap((row) => [row.file_key, row.display_key, row.thumb_key])
    assert.deepEqual(storedFiles(), kept.filter(Boolean).sort())
    const author = await db.from('users').where('id', ana.id).firstOrFail()
    assert.equal(Number(author.posts_count), 1)
  })
  test('insertModelRow refuses a model whose create hooks it would skip', ({ assert }) => {
    // Post has an after-create hook (start/model_hooks.ts): the search index.
    assert.throws(() => insertModelRow(Post, { bodyText: 'x' }), /after:create hook/)
    const step = insertModelRow(Post, { bodyText: 'x' }, { callerRunsHooks: true })
    assert.match(step.sql, /^INSERT INTO posts \(body_text, created_at, updated_at\)/)
    // Media has none.
    assert.match(insertModelRow(Media, { mime: 'image/png' }).sql, /^INSERT INTO media /)
  })
})
