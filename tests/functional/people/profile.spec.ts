import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { admin, block, external, member, peopleGroup } from './_support.js'
import { addMedia } from '#tests/functional/feeds/fixtures'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { clearSettingsCache } from '#services/settings'
import { forgetTeamPanel } from '#services/team_panel'
import { PostFactory } from '#database/factories/post_factory'

test.group('People / profile page', (group) => {
  peopleGroup(group)

  test('a guest is sent to the sign-in page', async ({ client }) => {
    const ana = await member()
    const response = await client.get(`/u/${ana.username}`).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('a member sees a teammate: header, stats from the counters, posts, no e-mail', async ({
    client,
    assert,
  }) => {
    const [viewer, ana] = await Promise.all([member(), member()])
    await db.from('users').where('id', ana.id).update({ bio: 'Hello, I make things.' })
    const teamPost = await PostFactory.merge({ authorId: ana.id }).apply('team').create()
    const publicPost = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    await PostFactory.merge({ authorId: ana.id }).apply('public').apply('pending').create()
    await db.from('users').where('id', ana.id).update({ likes_given_count: 7, comments_count: 3 })

    const response = await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/UserProfile')
    const props = response.inertiaProps as any
    assert.equal(props.profile.username, ana.username)
    assert.equal(props.profile.fullName, ana.fullName)
    assert.equal(props.profile.bio, 'Hello, I make things.')
    assert.deepEqual(props.profile.stats, { posts: 2, likesGiven: 7, comments: 3 })
    assert.isNull(props.profile.avatarUrl)
    assert.isNull(props.profile.coverUrl)
    assert.deepEqual(props.relation, { self: false, blocked: false, inactive: false })
    assert.deepEqual(props.profileCan, { message: true, block: true, report: true, edit: false })
    assert.isNull(props.avatarRules)
    // Published posts only (the pending one is not shown to others), newest first.
    assert.deepEqual(
      props.posts.data.map((p: any) => p.id),
      [publicPost.id, teamPost.id]
    )
    assert.notInclude(JSON.stringify(props), ana.email)
    assert.notInclude(JSON.stringify(props.profile), 'email')
  })

  test('the username is case-insensitive; unknown or malformed usernames are 404', async ({
    client,
    assert,
  }) => {
    const viewer = await member()
    const ana = await UserFactory.merge({ username: 'ana.lopez' }).create()
    const upper = await client.get('/u/ANA.Lopez').loginAs(viewer).withInertia()
    upper.assertStatus(200)
    assert.equal((upper.inertiaProps as any).profile.id, ana.id)

    for (const path of ['/u/nobody.here', '/u/bad-name!', `/u/${'a'.repeat(31)}`]) {
      const response = await client.get(path).loginAs(viewer).withInertia()
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/NotFound')
    }
  })

  test('own profile: edit actions and avatar rules, own pending posts shown', async ({
    client,
    assert,
  }) => {
    const ana = await member()
    const pending = await PostFactory.merge({ authorId: ana.id })
      .apply('public')
      .apply('pending')
      .create()
    const response = await client.get(`/u/${ana.username}`).loginAs(ana).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.deepEqual(props.relation, { self: true, blocked: false, inactive: false })
    assert.deepEqual(props.profileCan, { message: false, block: false, report: false, edit: true })
    assert.equal(props.avatarRules.aspect, 1)
    assert.equal(props.avatarRules.maxFileMb, 10)
    assert.deepEqual(
      props.posts.data.map((p: any) => p.id),
      [pending.id]
    )
  })

  test('an external sees only public posts of a member', async ({ client, assert }) => {
    const [viewer, ana] = await Promise.all([external(), member()])
    await PostFactory.merge({ authorId: ana.id }).apply('team').create()
    const pub = await PostFactory.merge({ authorId: ana.id }).apply('public').create()
    const response = await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
    response.assertStatus(200)
    assert.deepEqual(
      (response.inertiaProps as any).posts.data.map((p: any) => p.id),
      [pub.id]
    )
  })

  for (const state of ['inactive', 'deletionPending', 'pending', 'unverified'] as const) {
    test(`an account that is ${state}: 404 for members, shown to admins`, async ({
      client,
      assert,
    }) => {
      const [viewer, boss] = await Promise.all([member(), admin()])
      const target = await UserFactory.apply(state).create()
      const hidden = await client.get(`/u/${target.username}`).loginAs(viewer).withInertia()
      hidden.assertStatus(404)
      hidden.assertInertiaComponent('Errors/NotFound')
      const shown = await client.get(`/u/${target.username}`).loginAs(boss).withInertia()
      shown.assertStatus(200)
      assert.isTrue((shown.inertiaProps as any).relation.inactive)
    })
  }

  test('a deleted account is 404 for members', async ({ client }) => {
    const viewer = await member()
    const gone = await member()
    await db.from('users').where('id', gone.id).update({ deleted_at: new Date().toISOString() })
    const response = await client.get(`/u/${gone.username}`).loginAs(viewer).withInertia()
    response.assertStatus(404)
  })

  test('someone who blocked the viewer is not found (also for admins)', async ({ client }) => {
    const [viewer, ana, boss] = await Promise.all([member(), member(), admin()])
    await block(ana, viewer)
    await block(ana, boss)
    for (const who of [viewer, boss]) {
      const response = await client.get(`/u/${ana.username}`).loginAs(who).withInertia()
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/NotFound')
    }
  })

  test('someone the viewer blocked: header with Unblock, no posts, no stats', async ({
    client,
    assert,
  }) => {
    const [viewer, ana] = await Promise.all([member(), member()])
    await PostFactory.merge({ authorId: ana.id }).create()
    await block(viewer, ana)
    const response = await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.deepEqual(props.relation, { self: false, blocked: true, inactive: false })
    assert.isFalse(props.profileCan.message)
    assert.isTrue(props.profileCan.block)
    assert.isNull(props.posts)
  })

  test('next pages come by cursor as a partial reload of posts only', async ({
    client,
    assert,
  }) => {
    const [viewer, ana] = await Promise.all([member(), member()])
    const made = []
    for (let i = 0; i < 23; i++) made.push(await PostFactory.merge({ authorId: ana.id }).create())
    const first = await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
    const page1 = (first.inertiaProps as any).posts.data.map((p: any) => p.id)
    assert.lengthOf(page1, 20)
    const cursor = page1[page1.length - 1]
    const next = await client
      .get(`/u/${ana.username}?cursor=${cursor}`)
      .loginAs(viewer)
      .withInertia()
      .withInertiaPartialReload('Homepage/UserProfile', ['posts'])
    next.assertStatus(200)
    const props = next.inertiaProps as any
    assert.notProperty(props, 'profile')
    assert.deepEqual(
      props.posts.data.map((p: any) => p.id),
      made
        .slice(0, 3)
        .map((p) => p.id)
        .reverse()
    )
  })

  test('the profile page costs the same number of queries for 3 posts as for 25', async ({
    client,
    assert,
  }) => {
    const measure = async (count: number) => {
      const [viewer, ana] = await Promise.all([member(), member()])
      for (let i = 0; i < count; i++) {
        const post = await PostFactory.merge({ authorId: ana.id }).create()
        if (i % 3 === 0) await addMedia(post, 'image', 2)
      }
      clearSettingsCache()
      forgetTeamPanel()
      await client.get(`/u/${ana.username}`).loginAs(viewer).withInertia()
      return countQueries(() => client.get(`/u/${ana.username}`).loginAs(viewer).withInertia())
    }
    const few = await measure(3)
    const many = await measure(25)
    assert.lengthOf(many.result.inertiaProps.posts.data, 20)
    assert.equal(many.count, few.count, many.statements.join('\n'))
    // The signed-in user, the profile, the block check, the page, its media
    // (6 today with the shell's unread-notifications count).
    assert.isAtMost(many.count, 7, many.statements.join('\n'))
  })
})
