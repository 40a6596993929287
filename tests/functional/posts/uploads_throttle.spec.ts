import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { setEnv } from '#tests/helpers/env'
import type User from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import { DEFAULT_UPLOADS_PER_HOUR, uploadsPerHour } from '#services/upload_quota'
import { member, postsGroup, storedFiles, tableCount } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

/** A multipart request with `count` small JPEGs in `files[]`. */
async function withImages(
  client: ApiClient,
  user: User,
  method: 'post' | 'put',
  url: string,
  count: number,
  fields: Record<string, string> = {}
) {
  let request = client[method](url).loginAs(user).withCsrfToken().redirects(0).accept('json')
  request = request.fields({ audience: 'team', ...fields })
  for (let index = 0; index < count; index++) {
    request = request.file(`files[${index}]`, await fixtures.jpeg(), { filename: `p${index}.jpg` })
  }
  return request
}

async function expectStatus(status: number, pending: ReturnType<typeof withImages>) {
  const response = await pending
  response.assertStatus(status)
  return response
}

test.group('Uploads throttle (files per user per hour)', (group) => {
  postsGroup(group)
  group.each.setup(async () => {
    await limiter.clear()
    const configured = env.get('UPLOADS_PER_HOUR')
    env.set('UPLOADS_PER_HOUR', 3 as any)
    return () => setEnv('UPLOADS_PER_HOUR', configured)
  })

  test('the default is 100 files per hour when UPLOADS_PER_HOUR is not set', ({ assert }) => {
    setEnv('UPLOADS_PER_HOUR', undefined)
    assert.equal(uploadsPerHour(), DEFAULT_UPLOADS_PER_HOUR)
    assert.equal(DEFAULT_UPLOADS_PER_HOUR, 100)
  })

  test('files are counted, not requests: 2 + 1 pass, the next file gets 429 with a wait', async ({
    client,
    assert,
  }) => {
    const author = await member()
    await expectStatus(302, withImages(client, author, 'post', '/posts', 2))
    await expectStatus(302, withImages(client, author, 'post', '/posts', 1))
    assert.equal(await tableCount('media'), 3)
    const filesBefore = storedFiles().length

    const response = await withImages(client, author, 'post', '/posts', 1)
    response.assertStatus(429)
    assert.match(
      response.body().errors[0].message,
      /^Too many uploads, try again in \d+ minutes?\./
    )
    assert.isAbove(Number(response.header('retry-after')), 0)
    assert.equal(await tableCount('posts'), 2, 'nothing stored')
    assert.equal(await tableCount('media'), 3)
    assert.equal(storedFiles().length, filesBefore)
  })

  test('a request that does not fit is refused whole and says how many are left', async ({
    client,
    assert,
  }) => {
    const author = await member()
    await expectStatus(302, withImages(client, author, 'post', '/posts', 2))
    const response = await withImages(client, author, 'post', '/posts', 2)
    response.assertStatus(429)
    assert.include(response.body().errors[0].message, 'You can upload 1 more file now.')
    // The refused request counted nothing: one more file still fits.
    await expectStatus(302, withImages(client, author, 'post', '/posts', 1))
  })

  test('posts without files are never limited', async ({ client }) => {
    const author = await member()
    await expectStatus(302, withImages(client, author, 'post', '/posts', 3))
    for (let index = 0; index < 4; index++) {
      const response = await client
        .post('/posts')
        .loginAs(author)
        .withCsrfToken()
        .redirects(0)
        .form({ body: `<p>Text only ${index}</p>`, audience: 'team' })
      response.assertStatus(302)
    }
  })

  test('the limit is per user', async ({ client }) => {
    const first = await member()
    const second = await member()
    await expectStatus(302, withImages(client, first, 'post', '/posts', 3))
    await expectStatus(429, withImages(client, first, 'post', '/posts', 1))
    await expectStatus(302, withImages(client, second, 'post', '/posts', 3))
  })

  test('editing a post with new files counts them too', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await expectStatus(302, withImages(client, author, 'put', `/posts/${post.id}`, 3))
    const response = await withImages(client, author, 'put', `/posts/${post.id}`, 1)
    response.assertStatus(429)
    assert.equal(await tableCount('media'), 3)
  })

  test('an Inertia form gets the message flashed and is sent back', async ({ client, assert }) => {
    const author = await member()
    await expectStatus(302, withImages(client, author, 'post', '/posts', 3))
    const response = await client
      .post('/posts')
      .loginAs(author)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/posts/new')
      .redirects(0)
      .fields({ audience: 'team' })
      .file('files[0]', await fixtures.jpeg(), { filename: 'x.jpg' })
    response.assertStatus(302)
    response.assertHeader('location', '/posts/new')
    assert.match(String(response.flashMessages().error), /^Too many uploads, try again in/)
  })
})
