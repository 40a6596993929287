import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { forgetTeamPanel, teamPanelFor, TEAM_PANEL_TTL_MS } from '#services/team_panel'

const minutesAgo = (m: number) => DateTime.now().minus({ minutes: m })

/** Ids of the viewer's panel, read through the service (and its cache). */
async function panelIds(viewer: User) {
  const members = await teamPanelFor(viewer)
  return members.map((m) => m.id)
}

test.group('Shell / team panel', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => forgetTeamPanel())

  test('members see teammates, most recently active first, without themself', async ({
    client,
    assert,
  }) => {
    const viewer = await UserFactory.merge({ lastLoginAt: minutesAgo(0) }).create()
    const older = await UserFactory.merge({ lastLoginAt: minutesAgo(60) }).create()
    const admin = await UserFactory.apply('admin')
      .merge({ lastLoginAt: minutesAgo(5) })
      .create()
    const never = await UserFactory.merge({ lastLoginAt: null }).create()

    const response = await client.get('/').loginAs(viewer).withInertia()
    response.assertStatus(200)
    assert.deepEqual(
      response.inertiaProps.teamPanel.map((m: { id: number }) => m.id),
      [admin.id, older.id, never.id]
    )
  })

  test('each teammate is shown by id, name, username and initials only (no e-mail)', async ({
    client,
    assert,
  }) => {
    const viewer = await UserFactory.create()
    const mate = await UserFactory.merge({
      fullName: 'Grace Hopper',
      lastLoginAt: minutesAgo(1),
    }).create()
    const response = await client.get('/').loginAs(viewer).withInertia()
    assert.deepEqual(response.inertiaProps.teamPanel, [
      {
        id: mate.id,
        fullName: 'Grace Hopper',
        username: mate.username,
        initials: 'GH',
        avatarUrl: null,
      },
    ])
    assert.notInclude(JSON.stringify(response.inertiaProps.teamPanel), mate.email)
  })

  test('externals and unusable accounts are not in the panel', async ({ client, assert }) => {
    const viewer = await UserFactory.create()
    const shown = await UserFactory.create()
    const hidden = await Promise.all([
      UserFactory.apply('external').create(),
      UserFactory.apply('pending').create(),
      UserFactory.apply('inactive').create(),
      UserFactory.apply('unverified').create(),
      UserFactory.apply('deletionPending').create(),
      UserFactory.merge({ deletedAt: DateTime.now() }).create(),
      UserFactory.merge({ approvalStatus: 'rejected' }).create(),
    ])
    const response = await client.get('/').loginAs(viewer).withInertia()
    const ids = response.inertiaProps.teamPanel.map((m: { id: number }) => m.id)
    assert.deepEqual(ids, [shown.id])
    for (const user of hidden) assert.notInclude(ids, user.id)
  })

  test('the panel shows at most 8 teammates', async ({ client, assert }) => {
    const viewer = await UserFactory.merge({ lastLoginAt: minutesAgo(0) }).create()
    const mates = []
    for (let i = 1; i <= 10; i++)
      mates.push(await UserFactory.merge({ lastLoginAt: minutesAgo(i) }).create())
    const response = await client.get('/').loginAs(viewer).withInertia()
    assert.deepEqual(
      response.inertiaProps.teamPanel.map((m: { id: number }) => m.id),
      mates.slice(0, 8).map((m) => m.id)
    )
  })

  test('admins see the panel too', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const mate = await UserFactory.create()
    const response = await client.get('/').loginAs(admin).withInertia()
    assert.deepEqual(
      response.inertiaProps.teamPanel.map((m: { id: number }) => m.id),
      [mate.id]
    )
  })

  test('externals get an empty panel', async ({ client, assert }) => {
    const external = await UserFactory.apply('external').create()
    await UserFactory.create()
    const response = await client.get('/public').loginAs(external).withInertia()
    response.assertInertiaComponent('Home')
    assert.deepEqual(response.inertiaProps.teamPanel, [])
  })

  test('guests get an empty panel', async ({ client, assert }) => {
    await UserFactory.create()
    const response = await client.get('/').withInertia()
    response.assertInertiaComponent('Welcome')
    assert.deepEqual(response.inertiaProps.teamPanel, [])
  })

  test('the list is reused for 30 seconds, then read again', async ({ assert, cleanup }) => {
    // The clock is frozen for the whole test: on a loaded machine real time
    // between the steps would otherwise eat into the 30 s window.
    const realNow = Date.now
    const start = realNow()
    cleanup(() => {
      Date.now = realNow
    })
    Date.now = () => start

    const viewer = await UserFactory.create()
    const first = await UserFactory.create()
    assert.deepEqual(await panelIds(viewer), [first.id])

    const second = await UserFactory.merge({ lastLoginAt: minutesAgo(0) }).create()
    assert.deepEqual(await panelIds(viewer), [first.id], 'cached')

    Date.now = () => start + TEAM_PANEL_TTL_MS - 1
    assert.deepEqual(await panelIds(viewer), [first.id], 'still cached just before 30 s')
    Date.now = () => start + TEAM_PANEL_TTL_MS + 1
    assert.deepEqual(await panelIds(viewer), [second.id, first.id])
  })

  test('the cached list is shared by every viewer, each without themself', async ({ assert }) => {
    const a = await UserFactory.merge({ lastLoginAt: minutesAgo(1) }).create()
    const b = await UserFactory.merge({ lastLoginAt: minutesAgo(2) }).create()
    assert.deepEqual(await panelIds(a), [b.id])
    assert.deepEqual(await panelIds(b), [a.id])
  })

  test('a partial reload that does not ask for the panel does not compute it', async ({
    client,
    assert,
  }) => {
    const viewer = await UserFactory.create()
    const response = await client
      .get('/')
      .loginAs(viewer)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Home')
      .header('X-Inertia-Partial-Data', 'feed')
    assert.notProperty(response.inertiaProps, 'teamPanel')
    const mate = await UserFactory.create()
    // Nothing was cached by the partial reload: the next read sees the new teammate.
    assert.deepEqual(await panelIds(viewer), [mate.id])
  })
})
