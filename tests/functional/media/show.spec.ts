import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Media from '#models/media'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import * as fixtures from '#tests/fixtures/media_files'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import {
  admin,
  block,
  external,
  makeMedia,
  member,
  postsGroup,
} from '#tests/functional/posts/_support'
import { PostFactory } from '#database/factories/post_factory'

/** 1000 known bytes: "0123456789" × 100. */
const BYTES = Buffer.from('0123456789'.repeat(100))

function get(client: ApiClient, user: User | null, url: string) {
  const request = client.get(url).redirects(0)
  return user ? request.loginAs(user) : request
}

async function expectStatus(client: ApiClient, user: User | null, url: string, status: number) {
  const response = await get(client, user, url)
  response.assertStatus(status)
}

/** Raw body of a response (the API client parses only known types). */
function bodyOf(response: { response: { text?: string; body?: unknown } }) {
  const { body, text } = response.response
  if (Buffer.isBuffer(body)) return body.toString('latin1')
  return text ?? ''
}

test.group('Media / who may see a file', (group) => {
  postsGroup(group)

  test('guest is sent to the sign-in page', async ({ client }) => {
    const media = await makeMedia(await PostFactory.create(), BYTES, 'application/pdf')
    const response = await get(client, null, `/media/${media.id}`)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('the author and a teammate get a team post’s file', async ({ client }) => {
    const author = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: author.id }).create(),
      BYTES,
      'application/pdf'
    )
    for (const user of [author, await member(), await admin()]) {
      const response = await get(client, user, `/media/${media.id}`)
      response.assertStatus(200)
    }
  })

  test('an external gets 404 for a team post’s file', async ({ client }) => {
    const media = await makeMedia(await PostFactory.create(), BYTES, 'application/pdf')
    const response = await get(client, await external(), `/media/${media.id}`)
    response.assertStatus(404)
  })

  test('an external gets a published public post’s file', async ({ client }) => {
    const post = await PostFactory.apply('public').create()
    const media = await makeMedia(post, BYTES, 'application/pdf')
    const response = await get(client, await external(), `/media/${media.id}`)
    response.assertStatus(200)
  })

  test('blocked either way: 404', async ({ client }) => {
    const author = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: author.id }).create(),
      BYTES,
      'application/pdf'
    )
    const blocker = await member()
    const blocked = await member()
    await block(blocker, author)
    await block(author, blocked)
    for (const user of [blocker, blocked]) {
      await expectStatus(client, user, `/media/${media.id}`, 404)
    }
  })

  test('a pending post’s file: author and admins only', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('public')
      .apply('pending')
      .create()
    const media = await makeMedia(post, BYTES, 'application/pdf')
    await expectStatus(client, author, `/media/${media.id}`, 200)
    await expectStatus(client, await admin(), `/media/${media.id}`, 200)
    await expectStatus(client, await member(), `/media/${media.id}`, 404)
  })

  test('a deleted post’s file is gone for everyone', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const media = await makeMedia(post, BYTES, 'application/pdf')
    post.deletedAt = DateTime.now()
    await post.save()
    await expectStatus(client, author, `/media/${media.id}`, 404)
    await expectStatus(client, await admin(), `/media/${media.id}`, 404)
  })

  test('unknown ids, unknown variants and missing variants are 404', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    for (const url of [
      '/media/999999',
      `/media/${media.id}/huge`,
      `/media/${media.id}/thumb`,
      '/media/abc',
    ]) {
      await expectStatus(client, user, url, 404)
    }
  })

  test('a file whose bytes went missing answers 404, not 500', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    await db.from('media').where('id', media.id).update({ file_key: 'media/2026/01/gone.pdf' })
    await expectStatus(client, user, `/media/${media.id}`, 404)
  })
})

test.group('Media / how a file is served', (group) => {
  postsGroup(group)

  test('headers: type, nosniff, sandbox CSP, private cache, validators, inline name', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    await db.from('media').where('id', media.id).update({ original_name: 'Q3 "report".pdf' })
    const response = await get(client, user, `/media/${media.id}/original`)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    response.assertHeader('x-content-type-options', 'nosniff')
    assert.match(response.header('content-security-policy')!, /^sandbox;/)
    for (const directive of ["default-src 'none'", "object-src 'none'", "base-uri 'none'"]) {
      assert.include(response.header('content-security-policy')!, directive)
    }
    response.assertHeader('cache-control', 'private, max-age=3600')
    response.assertHeader('accept-ranges', 'bytes')
    response.assertHeader('content-length', '1000')
    assert.isString(response.header('etag'))
    assert.isString(response.header('last-modified'))
    response.assertHeader(
      'content-disposition',
      `inline; filename="Q3 _report_.pdf"; filename*=UTF-8''Q3%20%22report%22.pdf`
    )
  })

  test('HEAD answers the headers of the file without its bytes', async ({ client, assert }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    const response = await client.request(`/media/${media.id}`, 'HEAD').loginAs(user).redirects(0)
    response.assertStatus(200)
    response.assertHeader('content-length', '1000')
    response.assertHeader('content-type', 'application/pdf')
    assert.equal(bodyOf(response), '')
  })

  test('?download=1 asks the browser to save the file', async ({ client, assert }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    const response = await get(client, user, `/media/${media.id}?download=1`)
    // The fixture row is named fixture.bin: a PDF downloads with .pdf added.
    assert.match(
      response.header('content-disposition')!,
      /^attachment; filename="fixture\.bin\.pdf"/
    )
  })

  test('the download name ends with the extension of the sniffed type', async ({
    client,
    assert,
  }) => {
    const user = await member()
    const uploads = [
      { name: 'invoice.html', contents: fixtures.pdf(), expected: 'invoice.html.pdf' },
      { name: 'report.PDF', contents: fixtures.pdf(), expected: 'report.PDF' },
      { name: 'photo.svg', contents: await fixtures.png(), expected: 'photo.svg.png' },
      { name: 'holiday.jpeg', contents: await fixtures.jpeg(), expected: 'holiday.jpeg' },
      { name: 'noext', contents: await fixtures.jpeg(), expected: 'noext.jpg' },
    ]
    let request = client
      .post('/posts')
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
      .fields({ audience: 'team' })
    uploads.forEach((upload, index) => {
      request = request.file(`files[${index}]`, upload.contents, { filename: upload.name })
    })
    const created = await request
    assert.isBelow(created.status(), 400, created.text())
    const stored = await Media.query().where('uploader_id', user.id).orderBy('position')
    assert.lengthOf(stored, uploads.length)
    for (const [index, media] of stored.entries()) {
      const { expected } = uploads[index]
      const response = await get(client, user, `/media/${media.id}?download=1`)
      response.assertStatus(200)
      assert.include(
        response.header('content-disposition')!,
        `attachment; filename="${expected}"`,
        uploads[index].name
      )
    }
    // The post shows the files under the names they download as.
    const page = await client.get(`/posts/${stored[0].postId}`).loginAs(user).withInertia()
    assert.deepEqual(
      page.inertiaProps.post.media.map((item: { name: string }) => item.name),
      uploads.map((upload) => upload.expected)
    )
  })

  test('If-None-Match with the ETag answers 304 without a body', async ({ client, assert }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    const first = await get(client, user, `/media/${media.id}`)
    const etag = first.header('etag')!
    const second = await get(client, user, `/media/${media.id}`).header('if-none-match', etag)
    second.assertStatus(304)
    assert.equal(second.header('etag'), etag)
    assert.equal(bodyOf(second), '')
  })

  test('If-Modified-Since not older than the file answers 304', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    const response = await get(client, user, `/media/${media.id}`).header(
      'if-modified-since',
      new Date(Date.now() + 60_000).toUTCString()
    )
    response.assertStatus(304)
  })

  test('a stale ETag gets the whole file', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'application/pdf'
    )
    const response = await get(client, user, `/media/${media.id}`).header(
      'if-none-match',
      '"stale"'
    )
    response.assertStatus(200)
  })

  test('Range: bytes=10-19 answers 206 with exactly those bytes', async ({ client, assert }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'video/mp4'
    )
    const response = await get(client, user, `/media/${media.id}`).header('range', 'bytes=10-19')
    response.assertStatus(206)
    response.assertHeader('content-range', 'bytes 10-19/1000')
    response.assertHeader('content-length', '10')
    response.assertHeader('content-type', 'video/mp4')
    assert.equal(bodyOf(response), '0123456789')
  })

  test('open-ended and suffix ranges', async ({ client, assert }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'video/mp4'
    )
    const tail = await get(client, user, `/media/${media.id}`).header('range', 'bytes=995-')
    tail.assertStatus(206)
    tail.assertHeader('content-range', 'bytes 995-999/1000')
    assert.equal(bodyOf(tail), '56789')
    const suffix = await get(client, user, `/media/${media.id}`).header('range', 'bytes=-3')
    suffix.assertHeader('content-range', 'bytes 997-999/1000')
    assert.equal(bodyOf(suffix), '789')
  })

  test('a range past the end answers 416 with the size', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'video/mp4'
    )
    const response = await get(client, user, `/media/${media.id}`).header('range', 'bytes=1000-')
    response.assertStatus(416)
    response.assertHeader('content-range', 'bytes */1000')
  })

  test('a malformed range is ignored: the whole file', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'video/mp4'
    )
    const response = await get(client, user, `/media/${media.id}`).header('range', 'pages=1-2')
    response.assertStatus(200)
    response.assertHeader('content-length', '1000')
  })

  test('If-Range with an old validator ignores the range', async ({ client }) => {
    const user = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: user.id }).create(),
      BYTES,
      'video/mp4'
    )
    const response = await get(client, user, `/media/${media.id}`)
      .header('range', 'bytes=0-9')
      .header('if-range', '"older"')
    response.assertStatus(200)
  })

  test('an uploaded image serves its original, display and thumbnail variants', async ({
    client,
    assert,
  }) => {
    const user = await member()
    await client
      .post('/posts')
      .withCsrfToken()
      .loginAs(user)
      .fields({ audience: 'team' })
      .file('files[0]', await fixtures.jpeg(2000, 1000), { filename: 'wide.jpg' })
      .redirects(0)
    const media = await Media.findByOrFail('uploader_id', user.id)
    const original = await get(client, user, `/media/${media.id}/original`)
    original.assertHeader('content-type', 'image/jpeg')
    const display = await get(client, user, `/media/${media.id}/display`)
    display.assertStatus(200)
    display.assertHeader('content-type', 'image/webp')
    assert.match(display.header('content-disposition')!, /filename="wide\.webp"/)
    const thumb = await get(client, user, `/media/${media.id}/thumb`)
    thumb.assertStatus(200)
    assert.isBelow(Number(thumb.header('content-length')), Number(display.header('content-length')))
    assert.deepEqual([media.width, media.height], [2000, 1000])
  })
})

test.group('Media / comment files and unattached files', (group) => {
  postsGroup(group)

  test('a comment’s file follows its post and the commenter’s blocks', async ({ client }) => {
    const author = await member()
    const commenter = await member()
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
    const commentId = typeof row === 'object' ? row.id : row
    const media = await makeMedia(post, BYTES, 'application/pdf')
    await db.from('media').where('id', media.id).update({ post_id: null, comment_id: commentId })
    await expectStatus(client, await member(), `/media/${media.id}`, 200)
    const blocked = await member()
    await block(commenter, blocked)
    await expectStatus(client, blocked, `/media/${media.id}`, 404)
    await expectStatus(client, await external(), `/media/${media.id}`, 404)
  })

  test('a file attached to nothing is only for its uploader', async ({ client }) => {
    const uploader = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: uploader.id }).create(),
      BYTES,
      'application/pdf'
    )
    await db.from('media').where('id', media.id).update({ post_id: null })
    await expectStatus(client, uploader, `/media/${media.id}`, 200)
    await expectStatus(client, await admin(), `/media/${media.id}`, 404)
  })
})

test.group('Media / the way back after signing in', (group) => {
  postsGroup(group)

  test('a guest’s download link goes to the plain sign-in page and back after it', async ({
    client,
  }) => {
    const author = await member()
    const media = await makeMedia(
      await PostFactory.merge({ authorId: author.id }).create(),
      BYTES,
      'application/pdf'
    )
    const url = `/media/${media.id}?download=1`
    const guest = await client.get(url).redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    guest.assertSession('intended_url', url)

    const signIn = await client
      .post('/login')
      .withCsrfToken()
      .withSession({ intended_url: url })
      .form({ uid: author.email, password: TEST_PASSWORD })
      .redirects(0)
    signIn.assertStatus(302)
    signIn.assertHeader('location', url)

    const inertiaSignIn = await client
      .post('/login')
      .withCsrfToken()
      .withInertia()
      .withSession({ intended_url: url })
      .form({ uid: author.email, password: TEST_PASSWORD })
      .redirects(0)
    inertiaSignIn.assertStatus(409)
    inertiaSignIn.assertHeader('x-inertia-location', url)
  })

  test('an API call without a session is still a 401', async ({ client }) => {
    const media = await makeMedia(await PostFactory.create(), BYTES, 'application/pdf')
    const response = await client.get(`/media/${media.id}`).accept('json').redirects(0)
    response.assertStatus(401)
  })
})
