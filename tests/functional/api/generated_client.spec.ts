import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { openApiDocument } from '#services/api/openapi'
import * as fixtures from '#tests/fixtures/media_files'
import { postsGroup, storedFiles } from '#tests/functional/posts/_support'
import { member } from './_support.js'
import { publishedPost } from './_fixtures.js'
import type { paths } from './client/schema.js'

/**
 * A client generated from the document by a well-known generator
 * (openapi-typescript types + openapi-fetch, issue 14 §OpenAPI): its types
 * (client/schema.d.ts, `npm run api:client`) are the document's, it
 * compiles (`npm run typecheck`), and it runs one scripted session over
 * real HTTP: a token made on the settings page → /me → a post with an
 * image → the team feed → a like → a comment → the other person's
 * notifications → a message (retried with its Idempotency-Key) → the
 * other person's conversations, the history and the image's file.
 */
const SCHEMA_FILE = app.makePath('tests/functional/api/client/schema.d.ts')
const baseUrl = () => `http://${process.env.HOST}:${process.env.PORT}`

test.group('API / a client generated from the document', (group) => {
  postsGroup(group)

  test('client/schema.d.ts is what openapi-typescript makes of the current document', async ({
    assert,
  }) => {
    const generated = astToString(await openapiTS(JSON.parse(JSON.stringify(openApiDocument()))))
    const committed = readFileSync(SCHEMA_FILE, 'utf8')
    assert.include(
      committed.replace(/\s+/g, ' '),
      generated.replace(/\s+/g, ' ').trim(),
      'out of date: run `npm run api:client`'
    )
  })

  test('runs a scripted session: token → me → post with an image → feed → like → comment', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const ben = await member()
    await publishedPost(ben)

    // Sign in with a token: made on the settings page, its secret read once.
    const created = await client
      .post('/profile/tokens')
      .loginAs(ana)
      .withCsrfToken()
      .form({ name: 'Generated client', scopes: ['read', 'write'] })
      .redirects(0)
    const secret = (created.flashMessages() as any).createdToken.secret as string

    const api = createClient<paths>({
      baseUrl: baseUrl(),
      headers: { Authorization: `Bearer ${secret}` },
    })

    const me = await api.GET('/api/v1/me')
    assert.equal(me.response.status, 200)
    assert.equal(me.data?.username, ana.username)

    const image = await fixtures.png(40, 30)
    const posted = await api.POST('/api/v1/posts', {
      body: { body: 'A picture from the generated client', audience: 'team' },
      bodySerializer(body) {
        const form = new FormData()
        form.set('body', body.body ?? '')
        form.set('audience', body.audience)
        form.append('files', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'pixel.png')
        return form
      },
    })
    assert.equal(posted.response.status, 201, JSON.stringify(posted.error))
    const post = posted.data!.post
    assert.equal(post.status, 'published')
    assert.lengthOf(post.media, 1)
    assert.equal(post.media[0].kind, 'image')
    assert.isAbove(storedFiles().length, 0, 'the image is stored')

    const feed = await api.GET('/api/v1/feeds/team')
    assert.equal(feed.response.status, 200)
    assert.equal(feed.data?.data[0].id, post.id, 'newest first')
    const bens = feed.data!.data.find((item) => item.author?.id === String(ben.id))!

    const liked = await api.PUT('/api/v1/posts/{id}/like', { params: { path: { id: bens.id } } })
    assert.deepEqual(liked.data, { liked: true, likes: 1 })

    const comment = await api.POST('/api/v1/posts/{id}/comments', {
      params: { path: { id: bens.id } },
      body: { body: 'Nice, from a bot' },
    })
    assert.equal(comment.response.status, 201)
    assert.equal(comment.data?.comment.body, 'Nice, from a bot')

    const wrong = await api.POST('/api/v1/posts', {
      body: { body: 'x', audience: 'everyone' as 'team' },
    })
    assert.equal(wrong.response.status, 422)
    assert.equal(
      wrong.response.headers.get('content-type')?.split(';')[0],
      'application/problem+json'
    )

    // Ben, with a token of his own, sees Ana's like and comment in his notifications.
    const bensToken = await User.accessTokens.create(ben, ['read'])
    const benApi = createClient<paths>({
      baseUrl: baseUrl(),
      headers: { Authorization: `Bearer ${bensToken.value!.release()}` },
    })
    const unread = await benApi.GET('/api/v1/notifications/unread-count')
    assert.isAbove(unread.data!.unreadCount, 0)
    const notifications = await benApi.GET('/api/v1/notifications')
    assert.includeMembers(
      notifications.data!.data.map((item) => item.kind),
      ['post_liked']
    )
    const rows = await db.from('post_likes').where('user_id', ana.id)
    assert.lengthOf(rows, 1)

    // A message from Ana (sent once though the bot retried), read by Ben with the image's file.
    const message = () =>
      api.POST('/api/v1/conversations/{username}/messages', {
        params: { path: { username: ben.username }, header: { 'Idempotency-Key': 'bot-msg-0001' } },
        body: { body: 'Hello Ben, from a bot' },
      })
    const sent = await message()
    assert.equal(sent.response.status, 201, JSON.stringify(sent.error))
    const again = await message()
    assert.equal(again.data?.message.id, sent.data?.message.id, 'a replay is not sent twice')
    const conversations = await benApi.GET('/api/v1/conversations')
    assert.equal(conversations.data?.data[0].other.username, ana.username)
    assert.equal(conversations.data?.data[0].unreadCount, 1)
    const history = await benApi.GET('/api/v1/conversations/{username}/messages', {
      params: { path: { username: ana.username } },
    })
    assert.deepEqual(
      history.data?.data.map((item) => item.body),
      ['Hello Ben, from a bot']
    )
    const file = await fetch(new URL(post.media[0].url, baseUrl()), {
      headers: { Authorization: `Bearer ${bensToken.value!.release()}` },
    })
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'image/png')
  })
})
