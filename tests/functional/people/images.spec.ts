import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import sharp from 'sharp'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { DateTime } from 'luxon'
import PurgeDeletedAccounts from '#actions/admin/purge_deleted_accounts'
import User from '#models/user'
import type UserModel from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import { admin, block, member, peopleGroup, storedFiles, storedPath } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

type Kind = 'avatar' | 'cover'

function upload(
  client: ApiClient,
  user: UserModel,
  kind: Kind,
  file: { name: string; contents: Buffer } | null,
  crop: Record<string, string | number> = {},
  { json = true } = {}
) {
  let request = client.post(`/profile/${kind}`).loginAs(user).withCsrfToken().redirects(0)
  if (json) request = request.accept('json')
  const fields = Object.fromEntries(Object.entries(crop).map(([k, v]) => [k, String(v)]))
  if (!file) return request.form(fields)
  request = request.fields(fields)
  return request.file(kind, file.contents, { filename: file.name })
}

async function keysOf(user: UserModel) {
  const row = await User.findOrFail(user.id)
  return { avatar: row.avatarKey, cover: row.coverKey }
}

async function assertNothingStored(assert: any, user: UserModel) {
  assert.deepEqual(await keysOf(user), { avatar: null, cover: null }, 'no key saved')
  assert.deepEqual(storedFiles(), [], 'no file on the disk')
}

test.group('People / avatar and cover upload', (group) => {
  peopleGroup(group)

  test('a guest cannot upload', async ({ client, assert }) => {
    const response = await client
      .post('/profile/avatar')
      .withCsrfToken()
      .file('avatar', await fixtures.png(), { filename: 'a.png' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.deepEqual(storedFiles(), [])
  })

  test('avatar: the chosen square is cut out, stored as 256 and 96 px WebP, GPS gone', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const image = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#fff' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 100, height: 100, channels: 3, background: '#f00' },
          })
            .png()
            .toBuffer(),
          left: 250,
          top: 150,
        },
      ])
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' } })
      .toBuffer()
    const response = await upload(
      client,
      ana,
      'avatar',
      { name: 'me.jpg', contents: image },
      {
        x: 250,
        y: 150,
        width: 100,
        height: 100,
      }
    )
    response.assertStatus(200)
    const { avatar } = await keysOf(ana)
    assert.match(avatar!, /^avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}-256\.webp$/)
    assert.deepEqual(storedFiles(), [avatar!.replace('-256', '-96'), avatar!].sort())
    const large = await sharp(storedPath(avatar!)).metadata()
    assert.equal(large.format, 'webp')
    assert.equal(large.width, 256)
    assert.equal(large.height, 256)
    assert.isUndefined(large.exif)
    const small = await sharp(storedPath(avatar!.replace('-256', '-96'))).metadata()
    assert.equal(small.width, 96)
    // The red square only: the crop was applied.
    const { dominant } = await sharp(storedPath(avatar!)).stats()
    assert.isAbove(dominant.r, 200)
    assert.isBelow(dominant.g, 60)
    assert.match(response.body().avatarUrl, new RegExp(`^/users/${ana.id}/avatar\\?v=\\w+`))
  })

  test('EXIF orientation is applied before cropping (crop in upright pixels)', async ({
    client,
  }) => {
    const ana = await member()
    // 60×40 stored, 40×60 upright: a 40×40 crop at y=20 only fits the upright image.
    const response = await upload(
      client,
      ana,
      'avatar',
      { name: 'r.jpg', contents: await fixtures.jpegRotated() },
      { x: 0, y: 20, width: 40, height: 40 }
    )
    response.assertStatus(200)
  })

  test('without a crop the largest centred square is used', async ({ client, assert }) => {
    const ana = await member()
    const response = await upload(client, ana, 'avatar', {
      name: 'wide.png',
      contents: await fixtures.png(300, 100),
    })
    response.assertStatus(200)
    const keys = await keysOf(ana)
    assert.isNotNull(keys.avatar)
  })

  test('cover: 3:1 crop stored as 1500×500 WebP', async ({ client, assert }) => {
    const ana = await member()
    const response = await upload(
      client,
      ana,
      'cover',
      { name: 'c.jpg', contents: await fixtures.jpeg(900, 600) },
      { x: 0, y: 100, width: 900, height: 300 }
    )
    response.assertStatus(200)
    const { cover } = await keysOf(ana)
    assert.match(cover!, /^covers\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/)
    const meta = await sharp(storedPath(cover!)).metadata()
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1500, 500])
    assert.deepEqual(storedFiles(), [cover!])
  })

  test('a new avatar replaces the old one: old files deleted', async ({ client, assert }) => {
    const ana = await member()
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    const before = await keysOf(ana)
    const first = before.avatar!
    await upload(client, ana, 'avatar', { name: 'b.png', contents: await fixtures.png(80, 80) })
    const after = await keysOf(ana)
    const second = after.avatar!
    assert.notEqual(first, second)
    assert.deepEqual(storedFiles(), [second.replace('-256', '-96'), second].sort())
  })

  test('remove avatar and cover: keys cleared, files deleted; idempotent', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    await upload(client, ana, 'cover', { name: 'c.png', contents: await fixtures.png(600, 200) })
    assert.lengthOf(storedFiles(), 3)
    for (const kind of ['avatar', 'cover']) {
      const response = await client
        .delete(`/profile/${kind}`)
        .loginAs(ana)
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      const again = await client
        .delete(`/profile/${kind}`)
        .loginAs(ana)
        .withCsrfToken()
        .accept('json')
      again.assertStatus(200)
      again.assertBodyContains({ removed: false })
    }
    await assertNothingStored(assert, ana)
  })

  test('a text file named .png is refused with a message; nothing stored', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const response = await upload(client, ana, 'avatar', {
      name: 'evil.png',
      contents: Buffer.from('<?php echo "hi"; ?> definitely not an image'),
    })
    response.assertStatus(422)
    assert.match(response.body().errors[0].message, /evil\.png: this file type is not supported/)
    assert.equal(response.body().errors[0].field, 'avatar')
    await assertNothingStored(assert, ana)
  })

  test('a PDF or a video is refused: images only', async ({ client, assert }) => {
    const ana = await member()
    const response = await upload(client, ana, 'cover', {
      name: 'doc.pdf',
      contents: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
    })
    response.assertStatus(422)
    assert.match(response.body().errors[0].message, /choose an image/)
    await assertNothingStored(assert, ana)
  })

  test('an oversized file is refused with the limit in the message', async ({ client, assert }) => {
    env.set('MEDIA_MAX_FILE_MB', 0.001 as any)
    const ana = await member()
    const response = await upload(client, ana, 'avatar', {
      name: 'big.jpg',
      contents: Buffer.concat([await fixtures.jpeg(200, 200), Buffer.alloc(20_000)]),
    })
    response.assertStatus(422)
    assert.match(response.body().errors[0].message, /big\.jpg is .* MB; the limit is 0\.001 MB/)
    await assertNothingStored(assert, ana)
  })

  test('no file: a clear message', async ({ client, assert }) => {
    const ana = await member()
    const response = await upload(client, ana, 'avatar', null)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'Choose an image for your avatar.')
  })

  const badCrops: [string, Kind, Record<string, string | number>, RegExp][] = [
    ['outside the image', 'avatar', { x: 50, y: 0, width: 100, height: 100 }, /outside the image/],
    ['not square', 'avatar', { x: 0, y: 0, width: 100, height: 60 }, /must be square/],
    ['not 3:1', 'cover', { x: 0, y: 0, width: 120, height: 100 }, /3:1/],
    ['partial', 'avatar', { x: 0, y: 0, width: 50 }, /needs x, y, width and height/],
    ['negative', 'avatar', { x: -5, y: 0, width: 50, height: 50 }, /outside the image/],
    ['not a number', 'avatar', { x: 'abc', y: 0, width: 50, height: 50 }, /whole pixels/],
    ['fractional', 'avatar', { x: 1.5, y: 0, width: 50, height: 50 }, /whole pixels/],
    ['too small', 'avatar', { x: 0, y: 0, width: 10, height: 10 }, /at least 32×32/],
  ]
  for (const [label, kind, crop, message] of badCrops) {
    test(`wrong crop values (${label}) → 422, nothing stored`, async ({ client, assert }) => {
      const ana = await member()
      const response = await upload(
        client,
        ana,
        kind,
        { name: 'p.png', contents: await fixtures.png(120, 100) },
        crop
      )
      response.assertStatus(422)
      assert.match(response.body().errors[0].message, message)
      await assertNothingStored(assert, ana)
    })
  }

  test('an Inertia form gets its errors back in the bag, nothing stored', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const response = await upload(
      client,
      ana,
      'avatar',
      { name: 'p.png', contents: await fixtures.png(120, 100) },
      { x: 0, y: 0, width: 100, height: 60 },
      { json: false }
    )
      .header('referer', `/u/${ana.username}`)
      .withInertia()
    response.assertStatus(302)
    await assertNothingStored(assert, ana)
  })

  test('purging a deleted account removes its avatar and cover files', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    await upload(client, ana, 'cover', { name: 'c.png', contents: await fixtures.png(600, 200) })
    assert.lengthOf(storedFiles(), 3)
    const stored = await User.findOrFail(ana.id)
    stored.deletionRequestedAt = DateTime.now().minus({ days: 40 })
    await stored.save()
    await new PurgeDeletedAccounts().handle()
    await assertNothingStored(assert, ana)
  })

  test('the uploads limit applies: 429 with a message, nothing stored', async ({
    client,
    assert,
  }) => {
    const configured = env.get('UPLOADS_PER_HOUR')
    env.set('UPLOADS_PER_HOUR', 1 as any)
    try {
      const ana = await member()
      const first = await upload(client, ana, 'avatar', {
        name: 'a.png',
        contents: await fixtures.png(64, 64),
      })
      first.assertStatus(200)
      const stored = storedFiles()
      const second = await upload(client, ana, 'cover', {
        name: 'c.png',
        contents: await fixtures.png(600, 200),
      })
      second.assertStatus(429)
      assert.match(second.body().errors[0].message, /Too many uploads, try again in/)
      assert.deepEqual(storedFiles(), stored)
      const keys = await keysOf(ana)
      assert.isNull(keys.cover)
    } finally {
      env.set('UPLOADS_PER_HOUR', configured as any)
    }
  })

  test('the cover editor page', async ({ client, assert }) => {
    const ana = await member()
    const response = await client.get('/profile/cover').loginAs(ana).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Profile/Cover')
    const props = response.inertiaProps as any
    assert.isNull(props.coverUrl)
    assert.equal(props.rules.aspect, 3)
  })
})

test.group('People / serving avatars and covers', (group) => {
  peopleGroup(group)

  test('signed-in people get the avatar with caching headers; 304 on revalidation', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const viewer = await member()
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    await upload(client, ana, 'cover', { name: 'c.png', contents: await fixtures.png(600, 200) })
    const guest = await client.get(`/users/${ana.id}/avatar`).redirects(0)
    guest.assertStatus(302)

    const small = await client.get(`/users/${ana.id}/avatar`).loginAs(viewer)
    small.assertStatus(200)
    small.assertHeader('content-type', 'image/webp')
    assert.match(small.header('cache-control') ?? '', /^private, max-age=\d+$/)
    assert.equal(small.header('x-content-type-options'), 'nosniff')
    const etag = small.header('etag') ?? ''
    assert.match(etag, /^"\w+-small"$/)

    const large = await client.get(`/users/${ana.id}/avatar?size=large`).loginAs(viewer)
    large.assertStatus(200)
    assert.match(large.header('etag') ?? '', /-large"$/)

    const again = await client
      .get(`/users/${ana.id}/avatar`)
      .header('if-none-match', etag)
      .loginAs(viewer)
    again.assertStatus(304)

    const cover = await client.get(`/users/${ana.id}/cover`).loginAs(viewer)
    cover.assertStatus(200)
    cover.assertHeader('content-type', 'image/webp')
  })

  test('no avatar, unknown user, blocked by the owner, inactive owner → 404', async ({
    client,
  }) => {
    const [ana, viewer, boss] = await Promise.all([member(), member(), admin()])
    const none = await client.get(`/users/${ana.id}/avatar`).loginAs(viewer)
    none.assertStatus(404)
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    const unknown = await client.get(`/users/999999/avatar`).loginAs(viewer)
    unknown.assertStatus(404)

    await block(ana, viewer)
    const blocked = await client.get(`/users/${ana.id}/avatar`).loginAs(viewer)
    blocked.assertStatus(404)
    // The one who blocked still sees the blocked person's avatar.
    const own = await client.get(`/users/${ana.id}/avatar`).loginAs(ana)
    own.assertStatus(200)

    await db.from('users').where('id', ana.id).update({ is_active: false })
    const third = await member()
    const inactive = await client.get(`/users/${ana.id}/avatar`).loginAs(third)
    inactive.assertStatus(404)
    const asAdmin = await client.get(`/users/${ana.id}/avatar`).loginAs(boss)
    asAdmin.assertStatus(200)
  })

  test('the avatar URL reaches post cards, the team panel and the signed-in user', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const viewer = await member()
    await upload(client, ana, 'avatar', { name: 'a.png', contents: await fixtures.png(64, 64) })
    await PostFactory.merge({ authorId: ana.id }).create()
    const home = await client.get('/').loginAs(viewer).withInertia()
    const props = home.inertiaProps as any
    const url = props.posts.data[0].author.avatarUrl
    assert.match(url, new RegExp(`^/users/${ana.id}/avatar\\?v=[0-9a-f]{8}$`))
    const own = await client
      .get('/')
      .loginAs(await User.findOrFail(ana.id))
      .withInertia()
    assert.equal((own.inertiaProps as any).auth.user.avatarUrl, url)
    const profile = await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
    assert.equal((profile.inertiaProps as any).profile.avatarUrl, `${url}&size=large`)
  })
})
