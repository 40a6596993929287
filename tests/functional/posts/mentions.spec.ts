import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { admin, block, external, member, postsGroup } from './_support.js'

test.group('Posts / mention autocomplete', (group) => {
  postsGroup(group)

  test('guest is sent to the sign-in page', async ({ client, assert }) => {
    const response = await client.get('/mentions?q=a').redirects(0)
    response.assertStatus(302)
    assert.match(response.header('location')!, /^\/login(\?|$)/)
  })

  test('finds teammates by username prefix or name, without e-mail addresses', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const zoe = await UserFactory.merge({ fullName: 'Zoe Quartz', username: 'zquartz' }).create()
    const other = await UserFactory.merge({ fullName: 'Quentin Zed', username: 'qzed' }).create()
    const response = await client.get('/mentions').qs({ q: 'quart' }).loginAs(author)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      users: [
        {
          id: zoe.id,
          username: 'zquartz',
          fullName: 'Zoe Quartz',
          initials: 'ZQ',
          avatarUrl: null,
        },
      ],
    })
    const byUsername = await client.get('/mentions').qs({ q: '@qz' }).loginAs(author)
    assert.deepEqual(
      byUsername.body().users.map((u: { id: number }) => u.id),
      [other.id]
    )
    assert.notInclude(JSON.stringify(byUsername.body()), '@huddle.test')
  })

  test('returns at most eight people', async ({ client, assert }) => {
    const author = await member()
    for (let i = 0; i < 10; i++) {
      await UserFactory.merge({ fullName: `Many Person${i}`, username: `many${i}` }).create()
    }
    const response = await client.get('/mentions').qs({ q: 'many' }).loginAs(author)
    assert.lengthOf(response.body().users, 8)
  })

  test('never offers oneself, externals, inactive, unverified or blocked accounts', async ({
    client,
    assert,
  }) => {
    const author = await UserFactory.merge({
      fullName: 'Tag Author',
      username: 'tagauthor',
    }).create()
    const ok = await UserFactory.merge({ fullName: 'Tag Friend', username: 'tagfriend' }).create()
    const moderator = await UserFactory.apply('admin')
      .merge({ fullName: 'Tag Admin', username: 'tagadmin' })
      .create()
    await UserFactory.apply('external').merge({ fullName: 'Tag Outsider' }).create()
    await UserFactory.apply('inactive').merge({ fullName: 'Tag Inactive' }).create()
    await UserFactory.apply('unverified').merge({ fullName: 'Tag Unverified' }).create()
    await UserFactory.apply('deletionPending').merge({ fullName: 'Tag Leaving' }).create()
    const blocker = await UserFactory.merge({ fullName: 'Tag Blocker' }).create()
    const blockedOne = await UserFactory.merge({ fullName: 'Tag Blocked' }).create()
    await block(blocker, author)
    await block(author, blockedOne)
    const response = await client.get('/mentions').qs({ q: 'tag' }).loginAs(author)
    assert.sameMembers(
      response.body().users.map((u: { id: number }) => u.id),
      [ok.id, moderator.id]
    )
  })

  test('LIKE wildcards in the query match literally', async ({ client, assert }) => {
    const author = await member()
    await UserFactory.merge({ fullName: 'Percent Person', username: 'percent' }).create()
    const response = await client.get('/mentions').qs({ q: '%' }).loginAs(author)
    assert.deepEqual(response.body().users, [])
  })

  test('an external gets nobody: the team is not listed to externals (issue 16 #7)', async ({
    client,
    assert,
  }) => {
    const friend = await UserFactory.merge({
      fullName: 'Ext Friend',
      username: 'extfriend',
    }).create()
    const outsider = await external()
    for (const q of ['extfriend', 'a', '']) {
      const response = await client.get('/mentions').qs({ q }).loginAs(outsider)
      response.assertStatus(200)
      assert.deepEqual(response.body(), { users: [] })
    }
    // The same search by a member finds them (the rule is about the viewer).
    const byMember = await client
      .get('/mentions')
      .qs({ q: 'extfriend' })
      .loginAs(await member())
    assert.deepEqual(
      byMember.body().users.map((u: { id: number }) => u.id),
      [friend.id]
    )
  })

  test('a query longer than 60 characters is refused', async ({ client }) => {
    const response = await client
      .get('/mentions')
      .qs({ q: 'x'.repeat(61) })
      .accept('json')
      .loginAs(await admin())
    response.assertStatus(422)
  })
})
