import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { accountStats } from '#services/dashboard_stats'

test.group('Admin / dashboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guest is sent to the sign-in page', async ({ client }) => {
    const response = await client.get('/admin').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('member gets the 403 page', async ({ client }) => {
    const member = await UserFactory.create()
    const response = await client.get('/admin').loginAs(member).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('Errors/Forbidden')
  })

  test('external gets the 403 page', async ({ client }) => {
    const external = await UserFactory.apply('external').create()
    const response = await client.get('/admin').loginAs(external).withInertia()
    response.assertStatus(403)
  })

  test('admin sees each account figure with its definition', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.createMany(3)
    await UserFactory.apply('inactive').create()
    await UserFactory.apply('deletionPending').create()
    await UserFactory.merge({ deletedAt: DateTime.now(), isActive: false }).create()
    await UserFactory.apply('external').createMany(2)
    await UserFactory.apply('pending').createMany(4)
    await UserFactory.apply('external').merge({ approvalStatus: 'rejected' }).create()
    await UserFactory.apply('admin').apply('inactive').create()

    const response = await client.get('/admin').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Dashboard')
    const figures = Object.fromEntries(
      (
        response.inertiaProps.figures as {
          key: string
          group: string
          value: number
          definition: string
        }[]
      )
        .filter((f) => f.group === 'accounts')
        .map((f) => [f.key, f])
    )
    assert.equal(figures.members.value, 3)
    assert.equal(figures.externals.value, 2)
    assert.equal(figures.admins.value, 1)
    assert.equal(figures.pendingApprovals.value, 4)
    assert.equal(figures.inactive.value, 2)
    assert.equal(figures.deletionPending.value, 1)
    for (const figure of Object.values(figures)) assert.isAbove(figure.definition.length, 20)
  })

  test('the figures come from a single grouped query', async ({ assert }) => {
    await UserFactory.apply('admin').create()
    await UserFactory.createMany(5)
    const queries: string[] = []
    const knex = db.connection().getWriteClient()
    const listener = (q: { sql: string }) => {
      if (/from [`"]users[`"]/i.test(q.sql)) queries.push(q.sql)
    }
    knex.on('query', listener)
    try {
      await accountStats()
    } finally {
      knex.off('query', listener)
    }
    assert.lengthOf(queries, 1)
    assert.match(queries[0], /group by/i)
  })
})
