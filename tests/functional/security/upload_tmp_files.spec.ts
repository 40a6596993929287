import { existsSync, readdirSync } from 'node:fs'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { setEnv } from '#tests/helpers/env'
import type User from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import { UPLOAD_ROUTES, uploadsTmpPath } from '#services/upload_files'
import { member, postsGroup, tableCount } from '#tests/functional/posts/_support'
import { appRoutes, freshIp } from '#tests/helpers/security'
import { CookieJar, testServerUrl } from '#tests/helpers/cookie_jar'
import { TEST_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Issue 16 item 1: multipart file parts reach the disk only on an upload
 * route, for a signed-in account within its quota, and every temporary
 * file is gone when the request ends, whatever the answer.
 */
const tmpFiles = () => (existsSync(uploadsTmpPath()) ? readdirSync(uploadsTmpPath()).sort() : [])

type Case = { label: string; status: number; send: () => ApiRequest }

async function withFiles(request: ApiRequest, field = 'files[0]', count = 1) {
  for (let index = 0; index < count; index++) {
    const name = count === 1 ? field : field.replace('0', String(index))
    request = request.file(name, await fixtures.jpeg(), { filename: `f${index}.jpg` })
  }
  return request
}

test.group('Multipart temporary files (issue 16 item 1)', (group) => {
  postsGroup(group)
  group.each.setup(async () => {
    await limiter.clear()
    const configured = env.get('UPLOADS_PER_HOUR')
    env.set('UPLOADS_PER_HOUR', 6 as any)
    return () => setEnv('UPLOADS_PER_HOUR', configured)
  })

  test('every outcome on upload and other routes leaves the temporary folder as it was', async ({
    client,
    assert,
  }) => {
    const author: User = await member()
    const other: User = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const before = tmpFiles()
    const as = (user: User | null, method: 'post' | 'put', url: string) => {
      const request = client[method](url).redirects(0).accept('json').withCsrfToken()
      return user ? request.loginAs(user) : request
    }

    const cases: Case[] = [
      {
        label: 'guest, login form',
        status: 422,
        send: () => as(null, 'post', '/login').fields({ uid: 'a' }),
      },
      { label: 'guest, unknown URL', status: 404, send: () => as(null, 'post', '/no/such/page') },
      { label: 'guest, upload route', status: 401, send: () => as(null, 'post', '/posts') },
      {
        label: 'member without CSRF token, upload route',
        status: 403,
        send: () =>
          client
            .post('/posts')
            .loginAs(author)
            .redirects(0)
            .accept('json')
            .fields({ audience: 'team' }),
      },
      {
        label: 'member, route without files',
        status: 422,
        send: () => as(author, 'post', '/reports').fields({ reason: 'nope' }),
      },
      {
        label: 'member, upload route, bad fields',
        status: 422,
        send: () => as(author, 'post', '/posts').fields({ audience: 'everyone!' }),
      },
      {
        label: 'member, upload route, broken text',
        status: 400,
        send: () => as(author, 'post', '/posts').fields({ audience: 'team', body: 'a\u0000b' }),
      },
      {
        label: 'member, another member’s post',
        status: 403,
        send: () => as(other, 'put', `/posts/${post.id}`).fields({ audience: 'team' }),
      },
      {
        label: 'member, new post',
        status: 200,
        send: () => as(author, 'post', '/posts').fields({ audience: 'team' }),
      },
      {
        label: 'member, edited post',
        status: 200,
        send: () =>
          as(author, 'put', `/posts/${post.id}`).fields({
            audience: 'team',
            body: '<p>Edited</p>',
          }),
      },
      {
        label: 'member, comment',
        status: 200,
        send: () => as(author, 'post', `/posts/${post.id}/comments`),
      },
      {
        label: 'member, message',
        status: 200,
        send: () => as(author, 'post', `/messages/${other.username}`).fields({ body: 'Hi' }),
      },
      {
        label: 'member, over the upload quota',
        status: 429,
        send: () => as(author, 'post', '/posts').fields({ audience: 'team' }),
      },
    ]

    const statuses: number[] = []
    for (const { label, status, send } of cases) {
      const field = label.includes('comment') ? 'images[0]' : 'files[0]'
      const response = await withFiles(send(), field, label.includes('quota') ? 3 : 1)
      const got = response.status()
      statuses.push(got)
      if (status === 200) assert.isBelow(got, 400, `${label}: ${response.text().slice(0, 300)}`)
      else assert.equal(got, status, `${label}: ${response.text().slice(0, 300)}`)
      assert.deepEqual(tmpFiles(), before, `${label}: temporary files left behind`)
    }
    // An admin's post from the back office.
    const admin = await UserFactory.apply('admin').create()
    const adminPost = await withFiles(
      client
        .post('/admin/posts')
        .loginAs(admin)
        .withCsrfToken()
        .redirects(0)
        .fields({ audience: 'team' })
    )
    assert.isBelow(adminPost.status(), 400, adminPost.text().slice(0, 300))
    assert.deepEqual(tmpFiles(), before, 'admin post: temporary files left behind')
    // Profile images take their own field.
    const avatar = await client
      .post('/profile/avatar')
      .loginAs(other)
      .withCsrfToken()
      .redirects(0)
      .file('avatar', await fixtures.png(), { filename: 'a.png' })
    assert.isBelow(avatar.status(), 400, avatar.text())
    assert.deepEqual(tmpFiles(), before, 'avatar: temporary files left behind')

    assert.includeMembers(statuses, [400, 401, 403, 404, 422, 429])
    assert.equal(await tableCount('media'), 5, 'the accepted uploads were stored')
  })

  test('a route that takes no files reads the fields and drops the file parts', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const before = tmpFiles()
    const response = await client
      .post('/reports')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
      .accept('json')
      .fields({ reason: 'nope' })
      .file('files[0]', await fixtures.jpeg(), { filename: 'x.jpg' })
    response.assertStatus(422)
    assert.exists(response.body().errors, 'the fields were read and validated')
    assert.deepEqual(tmpFiles(), before)
  })

  test('an upload cut off halfway leaves nothing behind either', async ({ assert }) => {
    const user = await member()
    const jar = new CookieJar()
    jar.headers['x-forwarded-for'] = freshIp()
    const signedIn = await jar.signIn(user.email, TEST_PASSWORD)
    assert.equal(signedIn.status, 302)
    const before = tmpFiles()

    // 1 MB of a declared 4 MB file, then the connection drops.
    const boundary = 'cutoff' + Date.now()
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audience"\r\n\r\nteam\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n'
    )
    const url = new URL(testServerUrl('/posts'))
    const socket = connect(Number(url.port), url.hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    socket.write(
      [
        `POST /posts HTTP/1.1`,
        `Host: ${url.host}`,
        `Cookie: ${cookie}`,
        `X-XSRF-TOKEN: ${decodeURIComponent(jar.get('XSRF-TOKEN') ?? '')}`,
        `X-Forwarded-For: ${freshIp()}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${head.length + 4 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n')
    )
    socket.write(head)
    socket.write(Buffer.alloc(1024 * 1024, 1))
    // The server has started writing the file…
    const deadline = Date.now() + 5000
    while (tmpFiles().length === before.length && Date.now() < deadline) await sleep(20)
    assert.lengthOf(tmpFiles(), before.length + 1, 'the part is being received')
    socket.destroy()
    // …and removes it once the request is over.
    const gone = Date.now() + 5000
    while (tmpFiles().length > before.length && Date.now() < gone) await sleep(20)
    assert.deepEqual(tmpFiles(), before)
    assert.equal(await tableCount('posts'), 0)
  })

  test('UPLOAD_ROUTES are exactly the routes that use the uploadsThrottle middleware', ({
    assert,
  }) => {
    const withUploads = appRoutes()
      .filter((route) => route.middleware.includes('uploadsThrottle'))
      .map((route) => route.name)
    assert.sameMembers(withUploads, [...UPLOAD_ROUTES])
  })
})
