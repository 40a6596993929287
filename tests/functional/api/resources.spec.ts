import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Post from '#models/post'
import type User from '#models/user'
import { changedTables, tableSnapshot } from '#tests/helpers/database'
import { block } from '#tests/functional/posts/_support'
import * as fixtures from '#tests/fixtures/media_files'
import { UserFactory } from '#database/factories/user_factory'
import { PEOPLE_PAGE_SIZE } from '#queries/search/search'
import {
  admin,
  apiGroup,
  assertContract,
  bodyOf,
  expectStatus,
  external,
  member,
  problemOf,
  tokenFor,
} from './_support.js'
import { attachFile, MEDIA_BYTES, publishedPost, seedWorld } from './_fixtures.js'

/**
 * The resources of issue 14 beyond posts: the people directory, the posts
 * search, conversations and messages, albums and file downloads, and
 * Idempotency-Key on the creating POSTs — each by the web app's rules
 * (other people's data out of reach, bad input a problem with nothing
 * written), every answer checked against the document.
 */
const IGNORED = ['sessions', 'auth_access_tokens']

async function postSaying(author: User, audience: 'team' | 'public', text: string) {
  return Post.create({
    authorId: author.id,
    bodyHtml: `<p>${text}</p>`,
    bodyText: text,
    audience,
    status: 'published',
    sharedPostId: null,
    publishedAt: DateTime.now(),
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    mediaCount: 0,
  })
}

const ids = (response: { body(): any }) =>
  (response.body().data as { id: string }[]).map((item) => item.id)

test.group('API / people directory and search', (group) => {
  apiGroup(group)

  test('GET /people: the team directory by name, keyset pages, never an e-mail', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    await UserFactory.createMany(PEOPLE_PAGE_SIZE)
    const { secret } = await tokenFor(world.owner, ['read'])
    const first = await client.get('/api/v1/people').bearerToken(secret)
    first.assertStatus(200)
    assertContract(assert, first, 'api.people.index')
    assert.lengthOf(first.body().data, PEOPLE_PAGE_SIZE)
    const next = first.body().links.next as string
    assert.match(next, /^\/api\/v1\/people\?cursor=/)
    const second = await client.get(next).bearerToken(secret)
    second.assertStatus(200)
    assertContract(assert, second, 'api.people.index')
    const all = [...ids(first), ...ids(second)]
    assert.equal(new Set(all).size, all.length, 'no one twice')
    assert.includeMembers(all, [String(world.owner.id), String(world.other.id)])
    assert.isNull(second.body().links.next)
    assert.notInclude(JSON.stringify(first.body()), world.other.email)
  })

  test('GET /people?q=: people whose name or username starts with the words', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    await db.from('users').where('id', world.other.id).update({ full_name: 'Zephyrine Quill' })
    const { secret } = await tokenFor(world.owner, ['read'])
    const found = await client.get('/api/v1/people?q=zephy').bearerToken(secret)
    found.assertStatus(200)
    assertContract(assert, found, 'api.people.index')
    assert.deepEqual(ids(found), [String(world.other.id)])
    assert.equal(found.body().data[0].fullName, 'Zephyrine Quill')
    const none = await client.get('/api/v1/people?q=nobody-by-that-name').bearerToken(secret)
    assert.deepEqual(none.body(), { data: [], links: { next: null } })

    // An admin's token finds the same people; nobody across a block (as on the search page).
    const boss = await tokenFor(await admin(), ['read'])
    const asAdmin = await client.get('/api/v1/people?q=zephy').bearerToken(boss.secret)
    assert.deepEqual(ids(asAdmin), [String(world.other.id)])
    await block(world.other, world.owner)
    const blocked = await client.get('/api/v1/people?q=zephy').bearerToken(secret)
    assert.deepEqual(ids(blocked), [])
  })

  test('GET /people: externals get 403; bad sort 422, bad cursor 400; nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const outsider = await tokenFor(await external(), ['read'])
    const { secret } = await tokenFor(world.owner, ['read'])
    const before = await tableSnapshot(IGNORED)
    const refused = await client.get('/api/v1/people').bearerToken(outsider.secret)
    refused.assertStatus(403)
    assertContract(assert, refused, 'api.people.index')
    const sort = await client.get('/api/v1/people?sort=shoe-size').bearerToken(secret)
    sort.assertStatus(422)
    assertContract(assert, sort, 'api.people.index')
    assert.equal(problemOf(sort).errors?.[0].field, 'sort')
    const cursor = await client.get('/api/v1/people?cursor=not*a*cursor').bearerToken(secret)
    cursor.assertStatus(400)
    assertContract(assert, cursor, 'api.people.index')
    const long = await client.get(`/api/v1/people?q=${'a'.repeat(201)}`).bearerToken(secret)
    long.assertStatus(422)
    assert.deepEqual(changedTables(before, await tableSnapshot(IGNORED)), [], 'nothing written')
  })

  test('GET /search/posts: THE visibility rule; q is required', async ({ client, assert }) => {
    const world = await seedWorld()
    const teamPost = await postSaying(world.other, 'team', 'Marmalade plans')
    const publicPost = await postSaying(world.other, 'public', 'Marmalade for all')
    const { secret } = await tokenFor(world.owner, ['read'])
    const found = await client.get('/api/v1/search/posts?q=marmalade').bearerToken(secret)
    found.assertStatus(200)
    assertContract(assert, found, 'api.search.posts')
    assert.sameMembers(ids(found), [String(teamPost.id), String(publicPost.id)])
    const hit = found.body().data[0].snippet.find((part: any) => part.hit)
    assert.match(hit.text, /marmalade/i)

    const outsider = await tokenFor(await external(), ['read'])
    const theirs = await client.get('/api/v1/search/posts?q=marmalade').bearerToken(outsider.secret)
    theirs.assertStatus(200)
    assert.deepEqual(ids(theirs), [String(publicPost.id)], 'externals: public posts only')

    await block(world.other, world.owner)
    const blocked = await client.get('/api/v1/search/posts?q=marmalade').bearerToken(secret)
    assert.deepEqual(ids(blocked), [], 'nothing of someone who blocked the owner')

    const missing = await client.get('/api/v1/search/posts').bearerToken(secret)
    missing.assertStatus(422)
    assertContract(assert, missing, 'api.search.posts')
    assert.equal(problemOf(missing).errors?.[0].field, 'q')
  })
})

test.group('API / conversations and messages', (group) => {
  apiGroup(group)

  test('send, list, read the history and mark it read, as the web conversation', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const mine = await tokenFor(world.owner, ['read', 'write'])
    const theirs = await tokenFor(world.other, ['read', 'write'])
    const path = `/api/v1/conversations/${world.other.username}/messages`

    const empty = await client.get(path).bearerToken(mine.secret)
    empty.assertStatus(200)
    assertContract(assert, empty, 'api.messages.index')
    assert.deepEqual(empty.body(), { data: [], otherLastReadId: null, links: { next: null } })

    const sent = await client.post(path).bearerToken(mine.secret).json({ body: '  Hi there  ' })
    sent.assertStatus(201)
    assertContract(assert, sent, 'api.messages.store')
    assert.equal(sent.body().message.body, 'Hi there')
    assert.equal(sent.body().message.senderId, String(world.owner.id))
    await client.post(path).bearerToken(mine.secret).json({ body: 'Second' })

    const list = await client.get('/api/v1/conversations').bearerToken(theirs.secret)
    list.assertStatus(200)
    assertContract(assert, list, 'api.conversations.index')
    const [line] = list.body().data
    assert.equal(line.other.username, world.owner.username)
    assert.equal(line.unreadCount, 2)
    assert.deepEqual(line.preview, { fromMe: false, text: 'Second' })

    const history = await client
      .get(`/api/v1/conversations/${world.owner.username}/messages`)
      .bearerToken(theirs.secret)
    history.assertStatus(200)
    assertContract(assert, history, 'api.messages.index')
    assert.deepEqual(
      history.body().data.map((message: any) => message.body),
      ['Hi there', 'Second'],
      'oldest first'
    )

    const read = await client
      .post(`/api/v1/conversations/${world.owner.username}/read`)
      .bearerToken(theirs.secret)
    read.assertStatus(200)
    assertContract(assert, read, 'api.messages.read')
    assert.equal(read.body().lastReadMessageId, history.body().data[1].id)
    const after = await client.get('/api/v1/conversations').bearerToken(theirs.secret)
    assert.equal(after.body().data[0].unreadCount, 0)
    const seen = await client.get(path).bearerToken(mine.secret)
    assert.equal(seen.body().otherLastReadId, history.body().data[1].id, '"Seen" for the sender')
  })

  test('the history pages back with links.next (30 a page)', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const path = `/api/v1/conversations/${world.other.username}/messages`
    const first = await client.post(path).bearerToken(secret).json({ body: 'message 0' })
    const conversationId = Number(first.body().message.conversationId)
    const createdAt = await db.from('messages').where('conversation_id', conversationId).first()
    await db.table('messages').multiInsert(
      Array.from({ length: 31 }, (_, index) => ({
        conversation_id: conversationId,
        sender_id: world.owner.id,
        body: `message ${index + 1}`,
        attachments_count: 0,
        created_at: createdAt.created_at,
      }))
    )
    const latest = await client.get(path).bearerToken(secret)
    latest.assertStatus(200)
    assert.lengthOf(latest.body().data, 30)
    assert.equal(latest.body().data[29].body, 'message 31')
    const older = await client.get(latest.body().links.next).bearerToken(secret)
    older.assertStatus(200)
    assertContract(assert, older, 'api.messages.index')
    assert.deepEqual(
      older.body().data.map((message: any) => message.body),
      ['message 0', 'message 1']
    )
    assert.isNull(older.body().links.next)
    const bad = await client.get(`${path}?cursor=abc`).bearerToken(secret)
    bad.assertStatus(400)
    assertContract(assert, bad, 'api.messages.index')
  })

  test('with attachments: the files are the two people’s only', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const sent = await client
      .post(`/api/v1/conversations/${world.other.username}/messages`)
      .bearerToken(secret)
      .field('body', 'The minutes')
      .file('files', fixtures.pdf(), { filename: 'minutes.pdf', contentType: 'application/pdf' })
    sent.assertStatus(201)
    assertContract(assert, sent, 'api.messages.store')
    const [file] = sent.body().message.attachments
    assert.equal(file.kind, 'pdf')
    assert.match(file.url, /^\/api\/v1\/media\/\d+\/original$/)

    const other = await tokenFor(world.other, ['read'])
    const download = await client.get(file.url).bearerToken(other.secret)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'application/pdf')
    for (const outsider of [await member(), await admin()]) {
      const token = await tokenFor(outsider, ['read'])
      const refused = await client.get(file.url).bearerToken(token.secret)
      refused.assertStatus(404)
      assertContract(assert, refused, 'api.media.show')
    }
  })

  test('refusals: unknown 404; oneself, a block, an external not written to 403; nothing written', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const outsider = await external()
    const outsiderToken = await tokenFor(outsider, ['read', 'write'])
    const before = await tableSnapshot(IGNORED)
    const send = (username: string, token = secret) =>
      client
        .post(`/api/v1/conversations/${username}/messages`)
        .bearerToken(token)
        .json({ body: 'Hello' })

    const unknown = await send('no-such-person')
    unknown.assertStatus(404)
    assertContract(assert, unknown, 'api.messages.store')
    const self = await send(world.owner.username)
    self.assertStatus(403)
    assertContract(assert, self, 'api.messages.store')
    assert.include(problemOf(self).detail, 'yourself')

    const first = await send(world.owner.username, outsiderToken.secret)
    first.assertStatus(403)
    assert.include(problemOf(first).detail, 'has written to you')
    // Typing is sending's rule (MessagePolicy.send), as on the web.
    const typing = (username: string, token = secret) =>
      client.post(`/api/v1/conversations/${username}/typing`).bearerToken(token)
    const typingFirst = await typing(world.owner.username, outsiderToken.secret)
    typingFirst.assertStatus(403)
    assertContract(assert, typingFirst, 'api.messages.typing')
    assert.include(problemOf(typingFirst).detail, 'has written to you')

    const empty = await client
      .post(`/api/v1/conversations/${world.other.username}/messages`)
      .bearerToken(secret)
      .json({ body: '   ' })
    empty.assertStatus(422)
    assertContract(assert, empty, 'api.messages.store')
    assert.equal(problemOf(empty).errors?.[0].field, 'body')
    const long = await client
      .post(`/api/v1/conversations/${world.other.username}/messages`)
      .bearerToken(secret)
      .json({ body: 'x'.repeat(4001) })
    long.assertStatus(422)
    const badRead = await client
      .post(`/api/v1/conversations/${world.other.username}/read`)
      .bearerToken(secret)
      .json({ upTo: 'soon' })
    badRead.assertStatus(422)
    assertContract(assert, badRead, 'api.messages.read')

    await block(world.other, world.owner)
    const afterBlock = await tableSnapshot(IGNORED)
    const blocked = await send(world.other.username)
    blocked.assertStatus(403)
    const typingBlocked = await typing(world.other.username)
    typingBlocked.assertStatus(403)
    const history = await client
      .get(`/api/v1/conversations/${world.other.username}/messages`)
      .bearerToken(secret)
    history.assertStatus(403)
    assertContract(assert, history, 'api.messages.index')
    assert.deepEqual(changedTables(afterBlock, await tableSnapshot(IGNORED)), [])
    assert.deepEqual(
      changedTables(before, afterBlock),
      ['blocks'],
      'nothing but the block is written'
    )
  })
})

test.group('API / albums and files', (group) => {
  apiGroup(group)

  test('albums: the files of the owner’s own posts only', async ({ client, assert }) => {
    const world = await seedWorld()
    const photo = await attachFile(await publishedPost(world.owner), MEDIA_BYTES, 'image/png')
    const video = await attachFile(await publishedPost(world.owner), fixtures.mp4(), 'video/mp4')
    const { secret } = await tokenFor(world.owner, ['read'])
    const photos = await client.get('/api/v1/albums/photos').bearerToken(secret)
    photos.assertStatus(200)
    assertContract(assert, photos, 'api.albums.photos')
    assert.deepEqual(ids(photos), [String(photo.id)])
    assert.equal(photos.body().data[0].kind, 'image')
    const videos = await client.get('/api/v1/albums/videos').bearerToken(secret)
    assertContract(assert, videos, 'api.albums.videos')
    assert.deepEqual(ids(videos), [String(video.id)])
    const others = await tokenFor(world.other, ['read'])
    const theirs = await client.get('/api/v1/albums/photos').bearerToken(others.secret)
    assert.deepEqual(theirs.body().data, [], 'another person’s photos are theirs')
    const bad = await client.get('/api/v1/albums/photos?cursor=x').bearerToken(secret)
    bad.assertStatus(400)
    assertContract(assert, bad, 'api.albums.photos')
  })

  test('a file: whole, a range, 304 on its ETag, 416 out of range', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read'])
    const url = `/api/v1/media/${world.mediaId}/original`
    const whole = await client.get(url).bearerToken(secret)
    whole.assertStatus(200)
    assertContract(assert, whole, 'api.media.show')
    assert.equal(whole.header('content-type'), 'application/pdf')
    assert.equal(whole.header('content-length'), String(MEDIA_BYTES.length))
    assert.equal(whole.header('accept-ranges'), 'bytes')
    assert.isDefined(whole.header('ratelimit-remaining'))

    const part = await client.get(url).bearerToken(secret).header('Range', 'bytes=10-19')
    part.assertStatus(206)
    assertContract(assert, part, 'api.media.show')
    assert.equal(part.header('content-range'), `bytes 10-19/${MEDIA_BYTES.length}`)

    const again = await client
      .get(url)
      .bearerToken(secret)
      .header('If-None-Match', String(whole.header('etag')))
    again.assertStatus(304)
    assertContract(assert, again, 'api.media.show')

    const outside = await client.get(url).bearerToken(secret).header('Range', 'bytes=5000-6000')
    outside.assertStatus(416)
    assertContract(assert, outside, 'api.media.show')
    assert.equal(outside.header('content-range'), `bytes */${MEDIA_BYTES.length}`)

    const missing = await client.get(`/api/v1/media/${world.mediaId}/thumb`).bearerToken(secret)
    missing.assertStatus(404)
    assertContract(assert, missing, 'api.media.show')
    expectStatus(await client.get('/api/v1/media/999999/original').bearerToken(secret), 404)
  })

  test('a file: the web media route’s rule (external, a blocker, a pending post)', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const url = `/api/v1/media/${world.mediaId}/original`
    const outsider = await tokenFor(await external(), ['read'])
    const refused = await client.get(url).bearerToken(outsider.secret)
    refused.assertStatus(404)
    assertContract(assert, refused, 'api.media.show')
    const boss = await tokenFor(await admin(), ['read'])
    expectStatus(await client.get(url).bearerToken(boss.secret), 200)
    const { secret } = await tokenFor(world.owner, ['read'])
    await block(world.other, world.owner)
    expectStatus(await client.get(url).bearerToken(secret), 404)
    await db.from('posts').where('id', world.post.id).update({ status: 'pending' })
    const author = await tokenFor(world.other, ['read'])
    const own = await client.get(url).bearerToken(author.secret)
    own.assertStatus(200)
    assertContract(assert, own, 'api.media.show')
  })
})

test.group('API / Idempotency-Key', (group) => {
  apiGroup(group)

  test('a replayed post, comment or message answers the first result, written once', async ({
    client,
    assert,
  }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const cases = [
      {
        name: 'api.posts.store',
        path: '/api/v1/posts',
        body: { body: 'Once only', audience: 'team' },
        table: 'posts',
        item: (body: any) => body.post.id,
      },
      {
        name: 'api.comments.store',
        path: `/api/v1/posts/${world.post.id}/comments`,
        body: { body: 'Once only' },
        table: 'comments',
        item: (body: any) => body.comment.id,
      },
      {
        name: 'api.messages.store',
        path: `/api/v1/conversations/${world.other.username}/messages`,
        body: { body: 'Once only' },
        table: 'messages',
        item: (body: any) => body.message.id,
      },
    ]
    for (const [index, entry] of cases.entries()) {
      const key = `retry-key-${index}-abcdef`
      const send = () =>
        client.post(entry.path).bearerToken(secret).header('Idempotency-Key', key).json(entry.body)
      const first = await send()
      first.assertStatus(201)
      assertContract(assert, first, entry.name)
      assert.isUndefined(first.header('idempotent-replayed'))
      const count = async () => {
        const [row] = await db.from(entry.table).count('* as n')
        return row.n
      }
      const rows = Number(await count())
      const replay = await send()
      replay.assertStatus(201)
      assertContract(assert, replay, entry.name)
      assert.equal(replay.header('idempotent-replayed'), 'true', entry.name)
      assert.equal(entry.item(bodyOf(replay)), entry.item(bodyOf(first)), entry.name)
      assert.equal(Number(await count()), rows, `${entry.name}: written once`)

      // A new key is a new item.
      const fresh = await client
        .post(entry.path)
        .bearerToken(secret)
        .header('Idempotency-Key', `${key}-2`)
        .json(entry.body)
      fresh.assertStatus(201)
      assert.notEqual(entry.item(bodyOf(fresh)), entry.item(bodyOf(first)))
    }
  })

  test('a malformed key is a 422 problem, nothing written', async ({ client, assert }) => {
    const world = await seedWorld()
    const { secret } = await tokenFor(world.owner, ['read', 'write'])
    const before = await tableSnapshot(IGNORED)
    for (const [name, path, body] of [
      ['api.posts.store', '/api/v1/posts', { body: 'x', audience: 'team' }],
      ['api.comments.store', `/api/v1/posts/${world.post.id}/comments`, { body: 'x' }],
      [
        'api.messages.store',
        `/api/v1/conversations/${world.other.username}/messages`,
        { body: 'x' },
      ],
    ] as const) {
      const response = await client
        .post(path)
        .bearerToken(secret)
        .header('Idempotency-Key', 'no spaces allowed!')
        .json(body)
      response.assertStatus(422)
      assertContract(assert, response, name)
      assert.equal(problemOf(response).errors?.[0].field, 'idempotencyKey')
    }
    assert.deepEqual(changedTables(before, await tableSnapshot(IGNORED)), [])
  })

  test('another person’s key is not a replay of theirs', async ({ client, assert }) => {
    const world = await seedWorld()
    const mine = await tokenFor(world.owner, ['write'])
    const theirs = await tokenFor(world.other, ['write'])
    const send = (secret: string) =>
      client
        .post('/api/v1/posts')
        .bearerToken(secret)
        .header('Idempotency-Key', 'shared-key-123')
        .json({ body: 'Mine', audience: 'team' })
    const first = await send(mine.secret)
    const second = await send(theirs.secret)
    first.assertStatus(201)
    second.assertStatus(201)
    assert.notEqual(first.body().post.id, second.body().post.id)
    assert.isUndefined(second.header('idempotent-replayed'))
  })
})
