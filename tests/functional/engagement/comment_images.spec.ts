import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import sharp from 'sharp'
import { readFileSync } from 'node:fs'
import env from '#start/env'
import Comment from '#models/comment'
import Media from '#models/media'
import type User from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import {
  admin as makeAdmin,
  block,
  external as makeExternal,
  member as makeMember,
  postsGroup,
  storedFiles,
  storedPath,
  tableCount,
} from '#tests/functional/posts/_support'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Comment images (PRODUCT §5): up to 4 images per comment through the
 * posts' media pipeline (type by content, re-encoded without metadata,
 * display + thumbnail copies), served by the authorising media route only
 * to people who may see the post (and are not blocked by the commenter),
 * removed with the comment. Refused input stores nothing.
 */
type Upload = { name: string; contents: Buffer }

function comment(
  client: ApiClient,
  user: User | null,
  postId: number,
  body: string | null,
  files: Upload[] = []
) {
  let request = client.post(`/posts/${postId}/comments`).withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  request = request.accept('json')
  if (files.length === 0) return request.json(body === null ? {} : { body })
  if (body !== null) request = request.fields({ body })
  files.forEach((file, index) => {
    request = request.file(`images[${index}]`, file.contents, { filename: file.name })
  })
  return request
}

async function assertNothingStored(assert: any) {
  assert.equal(await tableCount('comments'), 0, 'no comment row')
  assert.equal(await tableCount('media'), 0, 'no media row')
  assert.deepEqual(storedFiles(), [], 'no file on the disk')
}

/** A 422 with exactly one error, on `images`, saying `message`; nothing stored. */
async function assertImagesRefused(response: any, assert: any, message: string) {
  response.assertStatus(422)
  assert.deepEqual(response.body().errors, [{ field: 'images', message, rule: 'file' }])
  await assertNothingStored(assert)
}

test.group('Comment images / writing', (group) => {
  postsGroup(group)

  test('a member comments with text and two images', async ({ client, assert }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, reader, post.id, 'Look at these', [
      { name: 'a.jpg', contents: await fixtures.jpeg(300, 200) },
      { name: 'b.png', contents: await fixtures.png() },
    ])
    response.assertStatus(201)
    const json = response.body()
    assert.equal(json.comment.body, 'Look at these')
    assert.lengthOf(json.comment.media, 2)
    assert.equal(json.commentsCount, 1)
    const [first] = json.comment.media
    assert.equal(first.kind, 'image')
    assert.match(first.thumbUrl, /^\/media\/\d+\/thumb$/)
    assert.deepInclude(first, { width: 300, height: 200, name: 'a.jpg' })

    const rows = await Media.query().orderBy('position')
    assert.lengthOf(rows, 2)
    for (const row of rows) {
      assert.isNull(row.postId)
      assert.equal(row.commentId, json.comment.id)
      assert.equal(row.uploaderId, reader.id)
    }
    assert.lengthOf(storedFiles(), 6, 'original, display and thumbnail of each')
    const saved = await Comment.findOrFail(json.comment.id)
    assert.equal(saved.mediaCount, 2)
  })

  test('an image without text is a comment; neither is refused', async ({ client, assert }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const onlyImage = await comment(client, reader, post.id, null, [
      { name: 'only.webp', contents: await fixtures.webp() },
    ])
    onlyImage.assertStatus(201)
    assert.equal(onlyImage.body().comment.body, '')

    const empty = await comment(client, reader, post.id, '   ')
    empty.assertStatus(422)
    assert.include(JSON.stringify(empty.body()), 'Write something or add an image.')
  })

  test('the stored image has no EXIF/GPS left', async ({ client, assert }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, reader, post.id, 'gps', [
      { name: 'gps.jpg', contents: await fixtures.jpegWithGps() },
    ])
    response.assertStatus(201)
    const row = await Media.firstOrFail()
    const meta = await sharp(readFileSync(storedPath(row.fileKey))).metadata()
    assert.isUndefined(meta.exif)
  })

  test('more than 4 images are refused, nothing stored', async ({ client, assert }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const image = await fixtures.png()
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.png`, contents: image }))
    const response = await comment(client, reader, post.id, 'many', files)
    response.assertStatus(422)
    assert.include(JSON.stringify(response.body()), 'at most 4 images')
    await assertNothingStored(assert)
  })

  const BAD = [
    {
      label: 'HTML disguised as PNG',
      file: () => ({ name: 'x.png', contents: fixtures.htmlDisguisedAsPng() }),
      message: 'not supported',
    },
    {
      label: 'SVG with a script',
      file: () => ({ name: 'x.svg', contents: fixtures.svgWithScript() }),
      message: 'not supported',
    },
    {
      label: 'a PDF',
      file: () => ({ name: 'x.pdf', contents: fixtures.pdf() }),
      message: 'only images',
    },
    {
      label: 'a video',
      file: () => ({ name: 'x.mp4', contents: fixtures.mp4() }),
      message: 'only images',
    },
  ]
  test('{label} is refused with a clear message, nothing stored')
    .with(BAD)
    .run(async ({ client, assert }, { file, message }) => {
      const [author, reader] = [await makeMember(), await makeMember()]
      const post = await PostFactory.merge({ authorId: author.id }).create()
      const response = await comment(client, reader, post.id, 'bad', [
        { name: 'ok.png', contents: await fixtures.png() },
        file() as Upload,
      ])
      response.assertStatus(422)
      assert.include(JSON.stringify(response.body()), message)
      await assertNothingStored(assert)
    })

  test('several refused images: one summary on images (no per-file keys), nothing stored', async ({
    client,
    assert,
  }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, reader, post.id, 'bad', [
      { name: 'x.pdf', contents: fixtures.pdf() },
      { name: 'ok.png', contents: await fixtures.png() },
      { name: 'cute.png', contents: fixtures.htmlDisguisedAsPng() },
    ])
    const pdf = 'x.pdf: only images (JPEG, PNG, GIF or WebP) can be added to a comment.'
    const cute =
      'cute.png: this file type is not supported (use JPEG, PNG, GIF, WebP, MP4, WebM, MOV or PDF).'
    await assertImagesRefused(response, assert, `2 images could not be added: ${pdf} ${cute}`)
  })

  test('a refused file is named as its sanitised base name (no path, no control characters)', async ({
    client,
    assert,
  }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, reader, post.id, 'bad', [
      { name: 'C:\\fakepath\\re\u202eport\u0007.pdf', contents: fixtures.pdf() },
    ])
    await assertImagesRefused(
      response,
      assert,
      'report.pdf: only images (JPEG, PNG, GIF or WebP) can be added to a comment.'
    )
  })

  test('an image refused while processing discards the images already written', async ({
    client,
    assert,
  }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, reader, post.id, 'flood', [
      { name: 'ok.png', contents: await fixtures.png() },
      { name: 'flood.png', contents: await fixtures.pixelFloodPng() },
    ])
    await assertImagesRefused(
      response,
      assert,
      'flood.png is too large in pixels; images may have at most 50 megapixels.'
    )
  })

  test('an oversized image is refused, nothing stored', async ({ client, assert }) => {
    const [author, reader] = [await makeMember(), await makeMember()]
    const post = await PostFactory.merge({ authorId: author.id }).create()
    env.set('MEDIA_MAX_FILE_MB', 0.001 as any)
    const response = await comment(client, reader, post.id, 'big', [
      { name: 'big.jpg', contents: await fixtures.jpeg(800, 800) },
    ])
    response.assertStatus(422)
    assert.include(JSON.stringify(response.body()), 'the limit is')
    await assertNothingStored(assert)
  })

  test('a guest, an external on a team post and a blocked reader cannot comment', async ({
    client,
    assert,
  }) => {
    const author = await makeMember()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const image = [{ name: 'a.png', contents: await fixtures.png() }]

    const guest = await client
      .post(`/posts/${post.id}/comments`)
      .withCsrfToken()
      .redirects(0)
      .file('images[0]', image[0].contents, { filename: 'a.png' })
    assert.oneOf(guest.status(), [302, 401])

    const outsider = await makeExternal()
    const external = await comment(client, outsider, post.id, 'hi', image)
    external.assertStatus(404)

    const blocked = await makeMember()
    await block(author, blocked)
    const refused = await comment(client, blocked, post.id, 'hi', image)
    refused.assertStatus(404)
    await assertNothingStored(assert)
  })
})

test.group('Comment images / serving and deleting', (group) => {
  postsGroup(group)

  async function world(client: ApiClient) {
    const author = await makeMember()
    const commenter = await makeMember()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const response = await comment(client, commenter, post.id, 'pic', [
      { name: 'a.png', contents: await fixtures.png() },
    ])
    response.assertStatus(201)
    const media = await Media.firstOrFail()
    return { author, commenter, post, media, commentId: response.body().comment.id as number }
  }

  test('served to who may see the post, a 404 for anyone else', async ({ client, assert }) => {
    const { author, commenter, media } = await world(client)
    for (const user of [author, commenter, await makeMember(), await makeAdmin()]) {
      const response = await client.get(`/media/${media.id}/thumb`).loginAs(user)
      response.assertStatus(200)
      assert.equal(response.header('content-type'), 'image/webp')
    }
    const outsider = await client.get(`/media/${media.id}`).loginAs(await makeExternal())
    outsider.assertStatus(404)

    const blockedByCommenter = await makeMember()
    await block(commenter, blockedByCommenter)
    const hidden = await client.get(`/media/${media.id}`).loginAs(blockedByCommenter)
    hidden.assertStatus(404)

    const guest = await client.get(`/media/${media.id}`).redirects(0)
    guest.assertStatus(302)
  })

  test('comments on the post page carry their images', async ({ client, assert }) => {
    const { author, post, media } = await world(client)
    const response = await client.get(`/posts/${post.id}`).loginAs(author).withInertia()
    response.assertStatus(200)
    const [first] = response.inertiaProps.comments.data
    assert.lengthOf(first.media, 1)
    assert.equal(first.media[0].id, media.id)
  })

  test('deleting the comment removes its images and files', async ({ client, assert }) => {
    const { commenter, media, commentId } = await world(client)
    assert.lengthOf(storedFiles(), 3)
    const response = await client
      .delete(`/comments/${commentId}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(commenter)
    response.assertStatus(200)
    assert.equal(await tableCount('media'), 0)
    assert.deepEqual(storedFiles(), [])
    const gone = await client.get(`/media/${media.id}`).loginAs(commenter)
    gone.assertStatus(404)
  })

  test('the post author deleting a comment removes its images too', async ({ client, assert }) => {
    const { author, commentId } = await world(client)
    const response = await client
      .delete(`/comments/${commentId}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    response.assertStatus(200)
    assert.equal(await tableCount('media'), 0)
    assert.deepEqual(storedFiles(), [])
  })
})
