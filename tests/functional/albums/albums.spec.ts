import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import Media from '#models/media'
import { addMedia, block, comment } from '#tests/functional/feeds/fixtures'
import { countQueries, sqlitePlan } from '#tests/functional/feeds/query_counter'
import { onPostgres, SQLITE_PLAN } from '#tests/helpers/dialect'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { ALBUM_PAGE_SIZE } from '#queries/albums/my_media'
import { PostFactory } from '#database/factories/post_factory'

/**
 * My photos (/photos, PhotoAlbum/Index) and My videos (/videos,
 * Homepage/MyVideo): the media of my own, not deleted posts, newest first,
 * keyset-paginated, one query per page.
 */
function mediaIds(props: any) {
  return (props.media.data as { id: number }[]).map((item) => item.id)
}

function mediaQueries(statements: string[]) {
  return statements.filter((sql) => /from [`"]media[`"]/i.test(sql))
}

const PAGES = [
  {
    path: '/photos',
    component: 'PhotoAlbum/Index' as const,
    kind: 'image' as const,
    other: 'video' as const,
  },
  {
    path: '/videos',
    component: 'Homepage/MyVideo' as const,
    kind: 'video' as const,
    other: 'image' as const,
  },
]

for (const { path, component, kind, other } of PAGES) {
  test.group(`Albums ${path}`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('a guest is sent to the sign-in page', async ({ client }) => {
      const response = await client.get(path).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
    })

    test('an empty album for someone without files', async ({ client, assert }) => {
      const me = await UserFactory.create()
      const response = await client.get(path).loginAs(me).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent(component)
      assert.deepEqual(response.inertiaProps.media.data, [])
      assert.isNull((response.body() as any).scrollProps.media.nextPage)
    })

    test(`lists only the ${kind}s of my live posts, newest first`, async ({ client, assert }) => {
      const [me, other1] = await UserFactory.createMany(2)
      const older = await PostFactory.merge({ authorId: me.id })
        .apply('pending')
        .apply('public')
        .create()
      const [a] = await addMedia(older, kind)
      const newer = await PostFactory.merge({ authorId: me.id }).create()
      const [b, c] = await addMedia(newer, kind, 2)
      await addMedia(await PostFactory.merge({ authorId: me.id }).create(), other, 1)
      await addMedia(await PostFactory.merge({ authorId: me.id }).create(), 'pdf', 1)
      await addMedia(
        await PostFactory.merge({ authorId: me.id }).apply('deleted').create(),
        kind,
        1
      )
      await addMedia(await PostFactory.merge({ authorId: other1.id }).create(), kind, 1)
      // A comment's image on my post is not part of my albums.
      const note = await comment(other1, newer)
      await Media.create({
        uploaderId: other1.id,
        postId: null,
        commentId: note.id,
        kind,
        mime: 'image/jpeg',
        size: 10,
        originalName: 'c.jpg',
        fileKey: 'test/c',
        position: 0,
      })

      const response = await client.get(path).loginAs(me).withInertia()
      assert.deepEqual(mediaIds(response.inertiaProps), [c.id, b.id, a.id])
      const first = response.inertiaProps.media.data[0]
      assert.equal(first.postId, newer.id)
      assert.equal(first.kind, kind)
      assert.equal(first.url, `/media/${c.id}/original`)
      assert.notProperty(first, 'fileKey')
    })

    test('an admin sees only their own files too', async ({ client, assert }) => {
      const admin = await UserFactory.apply('admin').create()
      const member = await UserFactory.create()
      await addMedia(await PostFactory.merge({ authorId: member.id }).create(), kind, 2)
      const [mine] = await addMedia(await PostFactory.merge({ authorId: admin.id }).create(), kind)
      const response = await client.get(path).loginAs(admin).withInertia()
      assert.deepEqual(mediaIds(response.inertiaProps), [mine.id])
    })

    test('an external sees the files of their own posts', async ({ client, assert }) => {
      const external = await UserFactory.apply('external').create()
      const [mine] = await addMedia(
        await PostFactory.merge({ authorId: external.id }).apply('public').create(),
        kind
      )
      const response = await client.get(path).loginAs(external).withInertia()
      response.assertInertiaComponent(component)
      assert.deepEqual(mediaIds(response.inertiaProps), [mine.id])
    })

    test('blocks do not hide my own files', async ({ client, assert }) => {
      const [me, blocker] = await UserFactory.createMany(2)
      const [mine] = await addMedia(await PostFactory.merge({ authorId: me.id }).create(), kind)
      await block(blocker, me)
      await block(me, blocker)
      const response = await client.get(path).loginAs(me).withInertia()
      assert.deepEqual(mediaIds(response.inertiaProps), [mine.id])
    })

    test('pages by keyset cursor: partial reloads, no repeats, end marker', async ({
      client,
      assert,
    }) => {
      const me = await UserFactory.create()
      const all: number[] = []
      for (let i = 0; i < 3; i++) {
        const items = await addMedia(
          await PostFactory.merge({ authorId: me.id }).create(),
          kind,
          10
        )
        all.push(...items.map((item) => item.id))
      }
      all.sort((x, y) => y - x)

      const first = await client.get(path).loginAs(me).withInertia()
      assert.deepEqual(mediaIds(first.inertiaProps), all.slice(0, ALBUM_PAGE_SIZE))
      const scroll = (first.body() as any).scrollProps.media
      assert.equal(scroll.pageName, 'cursor')
      assert.equal(scroll.nextPage, String(all[ALBUM_PAGE_SIZE - 1]))

      // A file added between two pages neither repeats nor shifts the next page.
      await addMedia(await PostFactory.merge({ authorId: me.id }).create(), kind, 1)
      const second = await client
        .get(path)
        .qs({ cursor: scroll.nextPage })
        .loginAs(me)
        .withInertiaPartialReload(component, ['media'])
      assert.deepEqual(mediaIds(second.inertiaProps), all.slice(ALBUM_PAGE_SIZE))
      assert.isNull((second.body() as any).scrollProps.media.nextPage)
    })

    for (const bad of ['abc', '0', '-3', '1.5', "1' OR 1=1"]) {
      test(`a malformed cursor (${bad}) is refused with 400`, async ({ client }) => {
        const me = await UserFactory.create()
        const response = await client.get(path).qs({ cursor: bad }).loginAs(me)
        response.assertStatus(400)
        response.assertTextIncludes('cursor')
      })
    }

    test('a page costs the same number of queries for 2 files as for a full page', async ({
      client,
      assert,
    }) => {
      const warm = async (user: any) => {
        clearSettingsCache()
        forgetTeamPanel()
        await client.get(path).loginAs(user).withInertia()
      }
      const small = await UserFactory.create()
      await addMedia(await PostFactory.merge({ authorId: small.id }).create(), kind, 2)
      await warm(small)
      const few = await countQueries(() => client.get(path).loginAs(small).withInertia())
      assert.lengthOf(few.result.inertiaProps.media.data, 2)

      const large = await UserFactory.create()
      for (let i = 0; i < 5; i++)
        await addMedia(await PostFactory.merge({ authorId: large.id }).create(), kind, 8)
      await warm(large)
      const many = await countQueries(() => client.get(path).loginAs(large).withInertia())
      assert.lengthOf(many.result.inertiaProps.media.data, ALBUM_PAGE_SIZE)
      assert.equal(many.count, few.count, many.statements.join('\n'))
      // One query for the page: media joined with its posts (the rest is the
      // shell's shared props, e.g. the signed-in user).
      assert.lengthOf(mediaQueries(many.statements), 1, many.statements.join('\n'))

      const cursor = (many.result.body() as any).scrollProps.media.nextPage
      const next = await countQueries(() =>
        client
          .get(path)
          .qs({ cursor })
          .loginAs(large)
          .withInertiaPartialReload(component, ['media'])
      )
      assert.lengthOf(next.result.inertiaProps.media.data, 40 - ALBUM_PAGE_SIZE)
      assert.lengthOf(mediaQueries(next.statements), 1, next.statements.join('\n'))
      assert.isAtMost(next.count, many.count, next.statements.join('\n'))
    })

    test('the page query walks the media index in order (no sort of all my files)', async ({
      assert,
    }) => {
      const text = await sqlitePlan(
        `SELECT media.* FROM media
           INNER JOIN posts AS album_post ON album_post.id = media.post_id
           WHERE media.uploader_id = 1 AND media.kind = 'image' AND album_post.author_id = 1
             AND album_post.deleted_at IS NULL ORDER BY media.id DESC LIMIT 25`
      )
      assert.notInclude(text, 'TEMP B-TREE', text)
      assert.include(text, 'media_uploader_id_kind_id_index', text)
    }).skip(onPostgres(), SQLITE_PLAN)
  })
}
