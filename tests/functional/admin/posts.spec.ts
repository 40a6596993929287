import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import Post from '#models/post'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { addMedia, comment, like, makePost } from '#tests/functional/feeds/fixtures'
import { countQueries } from '#tests/functional/feeds/query_counter'
import * as fixtures from '#tests/fixtures/media_files'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import PostAnnounced from '#events/post_announced'

const member = () => UserFactory.create()
const admin = () => UserFactory.apply('admin').create()
const external = () => UserFactory.apply('external').create()

function ids(props: any): number[] {
  return props.posts.map((post: { id: number }) => post.id)
}

async function auditRows(action: string) {
  return db.from('audit_logs').where('action', action).select('*')
}

function adminGroup(group: Parameters<Parameters<typeof test.group>[1]>[0]) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    drive.fake()
    await limiter.clear()
    return () => drive.restore()
  })
}

test.group('Admin posts / access', (group) => {
  adminGroup(group)

  const pages = ['/admin/posts', '/admin/posts/new']
  for (const path of pages) {
    test(`guest on ${path} is sent to the sign-in page`, async ({ client }) => {
      const response = await client.get(path).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
    })
  }

  test('members and externals get the 403 page on every admin posts page', async ({ client }) => {
    const writer = await member()
    const post = await makePost(writer)
    for (const user of [writer, await external()]) {
      for (const path of [
        '/admin/posts',
        '/admin/posts/new',
        `/admin/posts/${post.id}`,
        `/admin/posts/${post.id}/edit`,
      ]) {
        const response = await client.get(path).loginAs(user).withInertia()
        response.assertStatus(403)
        response.assertInertiaComponent('Errors/Forbidden')
      }
    }
  })

  test('a member cannot create, edit or delete through the admin routes', async ({
    client,
    assert,
  }) => {
    const writer = await member()
    const other = await member()
    const post = await makePost(other, { body: 'Untouched' })
    const store = await client
      .post('/admin/posts')
      .loginAs(writer)
      .withCsrfToken()
      .form({ body: '<p>Sneaky</p>', audience: 'team', announcement: '1' })
    store.assertStatus(403)
    const update = await client
      .put(`/admin/posts/${post.id}`)
      .loginAs(writer)
      .withCsrfToken()
      .form({ body: '<p>Changed</p>', audience: 'team' })
    update.assertStatus(403)
    const destroy = await client.delete(`/admin/posts/${post.id}`).loginAs(writer).withCsrfToken()
    destroy.assertStatus(403)
    await post.refresh()
    assert.equal(post.bodyText, 'Untouched')
    assert.isNull(post.deletedAt)
    assert.equal(
      await Post.query()
        .where('author_id', writer.id)
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      0
    )
  })
})

test.group('Admin posts / PostModerations/IndexST (every team post)', (group) => {
  adminGroup(group)

  test('lists every post not deleted: team and public, any status, newest first', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const outsider = await external()
    const team = await makePost(ana, { audience: 'team' })
    const pending = await makePost(ana, { audience: 'public', status: 'pending' })
    const rejected = await makePost(outsider, { audience: 'public', status: 'rejected' })
    const published = await makePost(outsider, { audience: 'public' })
    await makePost(ana, { deleted: true })
    await addMedia(team, 'image', 2)

    const response = await client.get('/admin/moderation/posts').loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('PostModerations/IndexST')
    const props = response.inertiaProps as any
    assert.deepEqual(ids(props), [published.id, rejected.id, pending.id, team.id])
    assert.deepEqual(props.filters, { audience: 'all', status: 'all', q: '', from: '', to: '' })
    assert.isNull(props.nextCursor)
    const row = props.posts.find((item: any) => item.id === team.id)
    assert.equal(row.mediaCount, 2)
    assert.match(row.thumbUrl, new RegExp(`/media/\\d+/thumb`))
    assert.deepEqual(Object.keys(row.author).sort(), [
      'avatarUrl',
      'fullName',
      'id',
      'initials',
      'username',
    ])
    assert.notInclude(JSON.stringify(props), ana.email)
  })

  test('filters by audience, status and author username (prefix, any case, "@" allowed)', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await UserFactory.merge({ username: 'ana_h3' }).create()
    const ben = await UserFactory.merge({ username: 'ben_h3' }).create()
    const anaTeam = await makePost(ana, { audience: 'team' })
    const anaPending = await makePost(ana, { audience: 'public', status: 'pending' })
    const benPublic = await makePost(ben, { audience: 'public' })

    const get = async (query: Record<string, string>) => {
      const response = await client
        .get('/admin/moderation/posts')
        .qs(query)
        .loginAs(boss)
        .withInertia()
      response.assertStatus(200)
      return ids(response.inertiaProps)
    }
    assert.deepEqual(await get({ audience: 'public' }), [benPublic.id, anaPending.id])
    assert.deepEqual(await get({ audience: 'team' }), [anaTeam.id])
    assert.deepEqual(await get({ status: 'pending' }), [anaPending.id])
    assert.deepEqual(await get({ status: 'published' }), [benPublic.id, anaTeam.id])
    assert.deepEqual(await get({ q: 'ANA_' }), [anaPending.id, anaTeam.id])
    assert.deepEqual(await get({ q: '@ben' }), [benPublic.id])
    assert.deepEqual(await get({ q: 'ana', audience: 'public', status: 'pending' }), [
      anaPending.id,
    ])
    // LIKE wildcards are text: "%" matches nobody.
    assert.deepEqual(await get({ q: '%' }), [])
  })

  test('unknown filter values fall back to "all"; a bad cursor is a 400', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    await makePost(await member())
    const response = await client
      .get('/admin/moderation/posts')
      .qs({ audience: 'everyone', status: 'drop table' })
      .loginAs(boss)
      .withInertia()
    response.assertStatus(200)
    assert.deepEqual((response.inertiaProps as any).filters, {
      audience: 'all',
      status: 'all',
      q: '',
      from: '',
      to: '',
    })
    const bad = await client
      .get('/admin/moderation/posts')
      .qs({ cursor: 'abc' })
      .loginAs(boss)
      .accept('json')
    bad.assertStatus(400)
  })

  test('keyset pages: 25 posts → 20, then the 5 older ones, no overlap', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const writer = await member()
    const made: number[] = []
    for (let i = 0; i < 25; i++) {
      const post = await makePost(writer)
      made.push(post.id)
    }
    const first = await client.get('/admin/moderation/posts').loginAs(boss).withInertia()
    const firstProps = first.inertiaProps as any
    assert.lengthOf(firstProps.posts, 20)
    assert.equal(firstProps.nextCursor, String(firstProps.posts[19].id))
    const second = await client
      .get('/admin/moderation/posts')
      .qs({ cursor: firstProps.nextCursor })
      .loginAs(boss)
      .withInertia()
    const secondProps = second.inertiaProps as any
    assert.lengthOf(secondProps.posts, 5)
    assert.isNull(secondProps.nextCursor)
    assert.deepEqual([...ids(firstProps), ...ids(secondProps)], [...made].reverse())
  })

  test('a page costs the same number of queries for 4 posts as for 40', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    async function world(count: number) {
      const [writer, sharer] = await UserFactory.createMany(2)
      for (let i = 0; i < count; i++) {
        const post = await makePost(i % 2 ? writer : sharer, {
          audience: i % 3 ? 'team' : 'public',
          status: i % 5 === 0 ? 'pending' : 'published',
        })
        if (i % 3 === 0) await addMedia(post, 'image', 2)
        // A share of writer's post on every page, so both pages hold shares.
        if (i % 4 === 1) await makePost(sharer, { sharedPost: post })
      }
    }
    const measure = async () => {
      clearSettingsCache()
      forgetTeamPanel()
      await client.get('/admin/moderation/posts').loginAs(boss).withInertia()
      return countQueries(() => client.get('/admin/moderation/posts').loginAs(boss).withInertia())
    }
    await world(4)
    const few = await measure()
    assert.isAtLeast((few.result.inertiaProps as any).posts.length, 4)
    await world(40)
    const many = await measure()
    assert.lengthOf((many.result.inertiaProps as any).posts, 20)
    assert.equal(
      many.count,
      few.count,
      `few:\n${few.statements.join('\n')}\nmany:\n${many.statements.join('\n')}`
    )
  })
})

test.group("Admin posts / Posts/Index (the admins' posts)", (group) => {
  adminGroup(group)

  test('lists the posts written by admins only, with the queue count', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const other = await admin()
    const ana = await member()
    const mine = await makePost(boss, { audience: 'team' })
    const theirs = await makePost(other, { audience: 'public' })
    await makePost(ana, { audience: 'team' })
    await makePost(ana, { audience: 'public', status: 'pending' })

    const response = await client.get('/admin/posts').loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Posts/Index')
    const props = response.inertiaProps as any
    assert.deepEqual(ids(props), [theirs.id, mine.id])
    assert.equal(props.pendingCount, 1)
  })
})

test.group('Admin posts / Posts/Form (create)', (group) => {
  adminGroup(group)

  test('the composer page offers both audiences and the announcement choice', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/admin/posts/new')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Posts/Form')
    const props = response.inertiaProps as any
    assert.isNull(props.post)
    assert.isTrue(props.canAnnounce)
    assert.deepEqual(props.composer.audiences, [
      { value: 'team', reviewed: false },
      { value: 'public', reviewed: false },
    ])
  })

  test('an announcement is published, marked, audited and announced after commit', async ({
    client,
    assert,
    cleanup,
  }) => {
    const events = emitter.fake([PostAnnounced])
    cleanup(() => emitter.restore())
    const boss = await admin()
    const response = await client
      .post('/admin/posts')
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
      .fields({ body: '<p>All hands on <strong>Friday</strong></p>', audience: 'team' })
      .field('announcement', '1')
      .file('files[0]', await fixtures.jpeg(), { filename: 'hands.jpg' })
    response.assertStatus(302)
    const post = await Post.query().where('author_id', boss.id).firstOrFail()
    response.assertHeader('location', `/admin/posts/${post.id}`)
    assert.equal(post.status, 'published')
    assert.isNotNull(post.announcedAt)
    assert.equal(post.mediaCount, 1)
    events.assertEmitted(PostAnnounced, ({ data }) => {
      return data.postId === post.id && data.authorId === boss.id
    })
    const [row] = await auditRows('post.create')
    assert.equal(row.subject_id, post.id)
    assert.equal(row.actor_id, boss.id)
    const users = await db.from('users').where('id', boss.id).select('posts_count').firstOrFail()
    assert.equal(Number(users.posts_count), 1)
  })

  test('a plain admin post is not an announcement and emits nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const events = emitter.fake([PostAnnounced])
    cleanup(() => emitter.restore())
    const boss = await admin()
    const response = await client
      .post('/admin/posts')
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
      .form({ body: '<p>Public note</p>', audience: 'public' })
    response.assertStatus(302)
    const post = await Post.query().where('author_id', boss.id).firstOrFail()
    assert.equal(post.status, 'published')
    assert.equal(post.audience, 'public')
    assert.isNull(post.announcedAt)
    events.assertNotEmitted(PostAnnounced)
  })

  test('bad input is refused with a message and nothing is stored', async ({ client, assert }) => {
    const boss = await admin()
    const cases: [Record<string, string>, string][] = [
      [{ body: '', audience: 'team' }, 'body'],
      [{ body: '<p>Hi</p>', audience: 'everyone' }, 'audience'],
      [{ body: '<p>Hi</p>', audience: 'team', announcement: 'maybe' }, 'announcement'],
      [{ body: `<p>${'x'.repeat(5001)}</p>`, audience: 'team' }, 'body'],
    ]
    for (const [fields, field] of cases) {
      const response = await client
        .post('/admin/posts')
        .loginAs(boss)
        .withCsrfToken()
        .accept('json')
        .form(fields)
      response.assertStatus(422)
      const errors = (response.body() as any).errors as { field: string; message: string }[]
      assert.isTrue(
        errors.some((error) => error.field === field && error.message.length > 0),
        JSON.stringify(errors)
      )
    }
    const disguised = await client
      .post('/admin/posts')
      .loginAs(boss)
      .withCsrfToken()
      .accept('json')
      .fields({ audience: 'team' })
      .file('files[0]', fixtures.htmlDisguisedAsPng(), { filename: 'cat.png' })
    disguised.assertStatus(422)
    assert.equal(
      await Post.query()
        .count('* as total')
        .first()
        .then((r) => Number(r!.$extras.total)),
      0
    )
  })
})

test.group('Admin posts / Posts/Form (edit)', (group) => {
  adminGroup(group)

  test('the edit page shows the author, their audiences, and no announcement for a member', async ({
    client,
    assert,
  }) => {
    const outsider = await external()
    const post = await makePost(outsider, { audience: 'public' })
    const response = await client
      .get(`/admin/posts/${post.id}/edit`)
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Posts/Form')
    const props = response.inertiaProps as any
    assert.equal(props.post.id, post.id)
    assert.equal(props.post.author.username, outsider.username)
    assert.notProperty(props.post.author, 'email')
    assert.isFalse(props.canAnnounce)
    assert.deepEqual(props.composer.audiences, [{ value: 'public', reviewed: false }])
  })

  test("editing a member's published public post keeps it published; audited", async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const post = await makePost(ana, { audience: 'public', body: 'Typo teh' })
    const response = await client
      .put(`/admin/posts/${post.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
      .form({ body: '<p>Typo the</p>', audience: 'public' })
    response.assertStatus(302)
    response.assertHeader('location', `/admin/posts/${post.id}`)
    await post.refresh()
    assert.equal(post.bodyText, 'Typo the')
    assert.equal(post.status, 'published')
    assert.equal(post.authorId, ana.id)
    const [row] = await auditRows('post.update')
    assert.equal(row.subject_id, post.id)
  })

  test('editing a pending post does not approve it', async ({ client, assert }) => {
    const ana = await member()
    const post = await makePost(ana, { audience: 'public', status: 'pending' })
    const response = await client
      .put(`/admin/posts/${post.id}`)
      .loginAs(await admin())
      .withCsrfToken()
      .redirects(0)
      .form({ body: '<p>Tidied</p>', audience: 'public' })
    response.assertStatus(302)
    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.isNull(post.publishedAt)
  })

  test("an external's post cannot be moved to the team, nor a member's be an announcement", async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const outsider = await external()
    const post = await makePost(outsider, { audience: 'public', body: 'Outside' })
    const toTeam = await client
      .put(`/admin/posts/${post.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .accept('json')
      .form({ body: '<p>Inside</p>', audience: 'team' })
    toTeam.assertStatus(422)
    const memberPost = await makePost(await member())
    const announce = await client
      .put(`/admin/posts/${memberPost.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .accept('json')
      .form({ body: '<p>Hello</p>', audience: 'team', announcement: '1' })
    announce.assertStatus(422)
    await post.refresh()
    await memberPost.refresh()
    assert.equal(post.audience, 'public')
    assert.equal(post.bodyText, 'Outside')
    assert.isNull(memberPost.announcedAt)
  })

  test("an admin's own post becomes an announcement once (one event), and can stop being one", async ({
    client,
    assert,
    cleanup,
  }) => {
    const events = emitter.fake([PostAnnounced])
    cleanup(() => emitter.restore())
    const boss = await admin()
    const post = await makePost(boss)
    const send = async (announcement: string) => {
      const response = await client
        .put(`/admin/posts/${post.id}`)
        .loginAs(boss)
        .withCsrfToken()
        .redirects(0)
        .form({ body: '<p>Big news</p>', audience: 'team', announcement })
      response.assertStatus(302)
    }
    await send('1')
    await send('1')
    await post.refresh()
    assert.isNotNull(post.announcedAt)
    assert.lengthOf(
      events.all().filter((event) => event.event === PostAnnounced),
      1
    )
    await send('0')
    await post.refresh()
    assert.isNull(post.announcedAt)
  })

  test('a missing or deleted post is a 404 page', async ({ client }) => {
    const boss = await admin()
    const gone = await makePost(await member(), { deleted: true })
    for (const path of [
      '/admin/posts/999999',
      `/admin/posts/${gone.id}/edit`,
      `/admin/posts/${gone.id}`,
    ]) {
      const response = await client.get(path).loginAs(boss).withInertia()
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/NotFound')
    }
    const update = await client
      .put('/admin/posts/999999')
      .loginAs(boss)
      .withCsrfToken()
      .form({ body: '<p>x</p>', audience: 'team' })
    update.assertStatus(404)
  })
})

test.group('Admin posts / Posts/Show and delete', (group) => {
  adminGroup(group)

  test('shows the post with its counts and comments', async ({ client, assert }) => {
    const boss = await admin()
    const ana = await member()
    const ben: User = await member()
    const post = await makePost(ana, { audience: 'team', status: 'pending' })
    await like(ben, post)
    await comment(ben, post, 'First!')
    const response = await client.get(`/admin/posts/${post.id}`).loginAs(boss).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Posts/Show')
    const props = response.inertiaProps as any
    assert.equal(props.post.id, post.id)
    assert.equal(props.post.status, 'pending')
    assert.deepEqual(props.post.counts, { likes: 1, comments: 1, shares: 0 })
    assert.isFalse(props.post.announced)
    assert.deepEqual(
      props.comments.data.map((item: any) => item.body ?? item.bodyText ?? item.text),
      ['First!']
    )
  })

  test('delete: soft-deletes, recounts, audits and goes back to the list', async ({
    client,
    assert,
  }) => {
    const boss = await admin()
    const ana = await member()
    const post = await makePost(ana)
    await db.from('users').where('id', ana.id).update({ posts_count: 1 })
    const response = await client
      .delete(`/admin/posts/${post.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/posts')
    await post.refresh()
    assert.isNotNull(post.deletedAt)
    const row = await db.from('users').where('id', ana.id).select('posts_count').firstOrFail()
    assert.equal(Number(row.posts_count), 0)
    const [entry] = await auditRows('post.delete')
    assert.equal(entry.subject_id, post.id)
    assert.equal(entry.actor_id, boss.id)
    const again = await client
      .delete(`/admin/posts/${post.id}`)
      .loginAs(boss)
      .withCsrfToken()
      .redirects(0)
    again.assertStatus(404)
  })
})
