import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { comment } from '#tests/functional/feeds/fixtures'
import { admin, block, blockRows, external, member, peopleGroup } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

test.group('People / block and unblock', (group) => {
  peopleGroup(group)

  test('a guest is sent to the sign-in page; nothing stored', async ({ client, assert }) => {
    const ana = await member()
    const response = await client.post(`/u/${ana.username}/block`).withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.deepEqual(await blockRows(), [])
  })

  test('block, again (idempotent), unblock, again (idempotent)', async ({ client, assert }) => {
    const [me, ana] = await Promise.all([member(), member()])
    for (let i = 0; i < 2; i++) {
      const response = await client
        .post(`/u/${ana.username}/block`)
        .loginAs(me)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(200)
      response.assertBody({ blocked: true })
    }
    assert.deepEqual(await blockRows(), [[me.id, ana.id]])
    for (let i = 0; i < 2; i++) {
      const response = await client
        .delete(`/u/${ana.username}/block`)
        .loginAs(me)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(200)
      response.assertBody({ blocked: false })
    }
    assert.deepEqual(await blockRows(), [])
  })

  test('a form post goes back with a flash message', async ({ client, assert }) => {
    const [me, ana] = await Promise.all([member(), member()])
    const response = await client
      .post(`/u/${ana.username}/block`)
      .loginAs(me)
      .withCsrfToken()
      .header('referer', `/u/${ana.username}`)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `/u/${ana.username}`)
    assert.match(String(response.flashMessages().success), /You blocked/)
  })

  test('blocking yourself: a clear 422 message, nothing stored', async ({ client, assert }) => {
    const me = await member()
    const json = await client
      .post(`/u/${me.username}/block`)
      .loginAs(me)
      .withCsrfToken()
      .accept('json')
    json.assertStatus(422)
    json.assertBody({ errors: [{ message: 'You cannot block yourself.' }] })
    const form = await client
      .post(`/u/${me.username}/block`)
      .loginAs(me)
      .withCsrfToken()
      .redirects(0)
    form.assertStatus(302)
    assert.equal(form.flashMessages().error, 'You cannot block yourself.')
    assert.deepEqual(await blockRows(), [])
  })

  test('unknown or (for members) inactive accounts are 404', async ({ client, assert }) => {
    const me = await member()
    const inactive = await UserFactory.apply('inactive').create()
    for (const username of ['nobody.here', inactive.username]) {
      const response = await client
        .post(`/u/${username}/block`)
        .loginAs(me)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(404)
    }
    assert.deepEqual(await blockRows(), [])
  })

  test('someone you blocked can still be unblocked after their account went inactive', async ({
    client,
    assert,
  }) => {
    const [me, ana] = await Promise.all([member(), member()])
    await block(me, ana)
    await db.from('users').where('id', ana.id).update({ is_active: false })
    const response = await client
      .delete(`/u/${ana.username}/block`)
      .loginAs(me)
      .withCsrfToken()
      .accept('json')
    response.assertStatus(200)
    assert.deepEqual(await blockRows(), [])
  })

  test('blocking someone who blocked you works and reveals nothing', async ({ client, assert }) => {
    const [me, ana] = await Promise.all([member(), member()])
    await block(ana, me)
    const response = await client
      .post(`/u/${ana.username}/block`)
      .loginAs(me)
      .withCsrfToken()
      .accept('json')
    response.assertStatus(200)
    assert.sameDeepMembers(await blockRows(), [
      [ana.id, me.id],
      [me.id, ana.id],
    ])
  })

  test('externals and admins can block too', async ({ client, assert }) => {
    const [ext, boss, ana] = await Promise.all([external(), admin(), member()])
    for (const who of [ext, boss]) {
      const response = await client
        .post(`/u/${ana.username}/block`)
        .loginAs(who)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(200)
    }
    assert.sameDeepMembers(await blockRows(), [
      [ext.id, ana.id],
      [boss.id, ana.id],
    ])
  })

  test('profile settings list the people I blocked (no e-mail)', async ({ client, assert }) => {
    const [me, ana, ben] = await Promise.all([member(), member(), member()])
    await block(me, ana)
    await block(ben, me)
    const response = await client.get('/profile').loginAs(me).withInertia()
    response.assertStatus(200)
    const people = (response.inertiaProps as any).blockedPeople
    assert.deepEqual(
      people.map((p: any) => p.username),
      [ana.username]
    )
    assert.notInclude(JSON.stringify(people), ana.email)
  })
})

test.group('People / blocks hide content both ways', (group) => {
  peopleGroup(group)

  test('posts, comments and shares of blocked people are hidden in both directions', async ({
    client,
    assert,
  }) => {
    const [me, ana, author] = await Promise.all([member(), member(), member()])
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await comment(ana, post, 'From Ana')
    await comment(me, post, 'From me')
    const anaPost = await PostFactory.merge({ authorId: ana.id }).create()
    const share = await PostFactory.merge({ authorId: ana.id, sharedPostId: post.id }).create()

    await client.post(`/u/${ana.username}/block`).loginAs(me).withCsrfToken().accept('json')

    for (const [viewer, hiddenBody] of [
      [me, 'From Ana'],
      [ana, 'From me'],
    ] as const) {
      const page = await client.get(`/posts/${post.id}`).loginAs(viewer).withInertia()
      page.assertStatus(200)
      const bodies = (page.inertiaProps as any).comments.data.map((c: any) => c.body)
      assert.notInclude(bodies, hiddenBody)
      assert.lengthOf(bodies, 1)
    }
    const home = await client.get('/').loginAs(me).withInertia()
    const ids = (home.inertiaProps as any).posts.data.map((p: any) => p.id)
    assert.include(ids, post.id)
    assert.notInclude(ids, anaPost.id)
    assert.notInclude(ids, share.id)
    // For Ana, my profile is not found.
    const profile = await client.get(`/u/${me.username}`).loginAs(ana).withInertia()
    profile.assertStatus(404)
  })
})
