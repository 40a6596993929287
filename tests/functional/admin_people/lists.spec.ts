import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { ids } from './_support.js'

test.group('Admin people / Users/UserList and Users/AdminList access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const url of ['/admin/users', '/admin/admins']) {
    test(`${url}: guest → sign-in, member and external → 403`, async ({ client }) => {
      const guest = await client.get(url).redirects(0)
      guest.assertStatus(302)
      guest.assertHeader('location', '/login')
      for (const user of [
        await UserFactory.create(),
        await UserFactory.apply('external').create(),
      ]) {
        const response = await client.get(url).loginAs(user).withInertia()
        response.assertStatus(403)
        response.assertInertiaComponent('Errors/Forbidden')
      }
    })
  }
})

test.group('Admin people / lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(60_000)

  test('the people list holds members and externals, not admins, newest first', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const external = await UserFactory.apply('external').create()
    const response = await client.get('/admin/users').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Users/UserList')
    const listed = ids(response)
    assert.includeMembers(listed, [member.id, external.id])
    assert.notInclude(listed, admin.id)
    assert.isBelow(listed.indexOf(external.id), listed.indexOf(member.id))
    const row = response.inertiaProps.people.find((p: { id: number }) => p.id === member.id)
    assert.containsSubset(row, {
      email: member.email,
      role: 'member',
      state: 'active',
      postsCount: 0,
      lastLoginAt: null,
    })
    assert.deepInclude(response.inertiaProps.filters, {
      q: '',
      role: 'all',
      state: 'all',
      sort: 'newest',
      dir: 'desc',
    })
  })

  test('the admin list holds admins only', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const other = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const response = await client.get('/admin/admins').loginAs(admin).withInertia()
    response.assertInertiaComponent('Users/AdminList')
    assert.includeMembers(ids(response), [admin.id, other.id])
    assert.notInclude(ids(response), member.id)
  })

  test('role and state filters, search by name, username or e-mail (% literal)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const grace = await UserFactory.merge({ fullName: 'Grace Hopper' }).create()
    const ext = await UserFactory.apply('external').merge({ username: 'turing_a' }).create()
    const blocked = await UserFactory.apply('inactive')
      .merge({ fullName: 'Blocked Person' })
      .create()
    const pending = await UserFactory.apply('pending').create()

    const list = async (qs: Record<string, string>) =>
      ids(await client.get('/admin/users').qs(qs).loginAs(admin).withInertia())

    assert.deepEqual(await list({ q: 'HOPPER' }), [grace.id])
    assert.deepEqual(await list({ q: 'turing' }), [ext.id])
    assert.deepEqual(await list({ q: grace.email.slice(0, 12) }), [grace.id])
    assert.deepEqual(await list({ q: '%' }), [])
    assert.notInclude(await list({ role: 'member' }), ext.id)
    assert.include(await list({ role: 'external' }), ext.id)
    assert.deepEqual(await list({ state: 'blocked' }), [blocked.id])
    assert.deepEqual(await list({ state: 'pending' }), [pending.id])
    assert.notInclude(await list({ state: 'active' }), blocked.id)
  })

  test('unknown filter values fall back to the defaults; a forged cursor is a 400', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .get('/admin/users')
      .qs({ role: 'admin', state: 'x', sort: 'password', dir: 'sideways' })
      .loginAs(admin)
      .withInertia()
    response.assertStatus(200)
    assert.deepInclude(response.inertiaProps.filters, {
      role: 'all',
      state: 'all',
      sort: 'newest',
      dir: 'desc',
    })
    for (const cursor of ['nope', Buffer.from('[1]').toString('base64url'), "1' or 1=1"]) {
      const bad = await client.get('/admin/users').qs({ cursor }).loginAs(admin)
      bad.assertStatus(400)
    }
    const wrongType = await client
      .get('/admin/users')
      .qs({ sort: 'posts', cursor: Buffer.from('["a",1]').toString('base64url') })
      .loginAs(admin)
    wrongType.assertStatus(400)
  })

  for (const [sort, dir] of [
    ['name', 'asc'],
    ['name', 'desc'],
    ['posts', 'desc'],
    ['newest', 'asc'],
  ] as const) {
    test(`keyset pages by ${sort} ${dir}: every account once, in order`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      // Ties on purpose: 3 names and 4 post counts over 60 accounts.
      const made = await UserFactory.merge({ fullName: 'Batch Person' }).createMany(60)
      for (const [index, user] of made.entries()) {
        user.fullName = ['Batch Ann', 'Batch bob', 'Batch Cy'][index % 3]
        user.postsCount = index % 4
        await user.save()
      }
      const seen: number[] = []
      const rows: { fullName: string; postsCount: number; id: number }[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const response: any = await client
          .get('/admin/users')
          .qs({ q: 'batch', sort, dir, ...(cursor ? { cursor } : {}) })
          .loginAs(admin)
          .withInertia()
        response.assertStatus(200)
        seen.push(...ids(response))
        rows.push(...response.inertiaProps.people)
        cursor = response.inertiaProps.nextCursor
        pages++
      } while (cursor && pages < 10)
      assert.equal(pages, 3)
      assert.lengthOf(seen, 60)
      assert.lengthOf(new Set(seen), 60)
      const key = (row: (typeof rows)[number]) =>
        sort === 'name' ? row.fullName.toLowerCase() : sort === 'posts' ? row.postsCount : row.id
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [key(rows[i - 1]), key(rows[i])]
        if (dir === 'asc') assert.isTrue(a < b || (a === b && rows[i - 1].id < rows[i].id))
        else assert.isTrue(a > b || (a === b && rows[i - 1].id > rows[i].id))
      }
    })
  }

  test('a page costs the same number of queries for 3 or 25 accounts', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.createMany(3)
    const few = await countQueries(() => client.get('/admin/users').loginAs(admin).withInertia())
    await UserFactory.createMany(22)
    const many = await countQueries(() => client.get('/admin/users').loginAs(admin).withInertia())
    assert.lengthOf(many.result.inertiaProps.people, 25)
    // The team settings are cached for a while: whether a request reloads them is not the list's cost.
    const own = (statements: string[]) => statements.filter((sql) => !sql.includes('app_settings'))
    assert.deepEqual(own(many.statements), own(few.statements))
    assert.lengthOf(own(many.statements), 3)
  })
})
