import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { block } from '#tests/functional/posts/_support'
import BlockPerson from '#actions/people/block_person'
import { badgeOf, count, expectStatus, messagesGroup, send, trueUnread } from './_support.js'

/**
 * Who may open, read and write which conversation (PRODUCT §1, §7): every
 * messages route × guest / member / external / admin / blocked / inactive /
 * yourself / unknown user. Refusals are 4xx with a message and store nothing.
 */
test.group('Messages / access', (group) => {
  const published = messagesGroup(group)

  test('guests are sent to the sign-in page from every messages route', async ({ client }) => {
    const ana = await UserFactory.create()
    for (const [method, url] of [
      ['get', '/messages'],
      ['get', `/messages/${ana.username}`],
      ['get', `/messages/${ana.username}/history`],
      ['post', `/messages/${ana.username}`],
      ['post', `/messages/${ana.username}/read`],
      ['post', `/messages/${ana.username}/typing`],
    ] as const) {
      const request = method === 'get' ? client.get(url) : client.post(url).withCsrfToken()
      const response = await request.redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/login')
    }
  })

  test('an unknown username is the 404 page, on every route', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const page = await client.get('/messages/nobody-here').loginAs(ana).withInertia()
    page.assertStatus(404)
    page.assertInertiaComponent('Errors/NotFound')
    const history = await client.get('/messages/nobody-here/history').loginAs(ana).accept('json')
    history.assertStatus(404)
    const sent = await send(client, ana, 'nobody-here', 'Hello?')
    sent.assertStatus(404)
    assert.equal(await count('messages'), 0)
  })

  test('messaging yourself is refused with a clear message', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const page = await client.get(`/messages/${ana.username}`).loginAs(ana).withInertia()
    page.assertStatus(403)
    page.assertInertiaComponent('Errors/Forbidden')
    assert.equal(page.inertiaProps.message, 'You cannot send messages to yourself.')
    const sent = await send(client, ana, ana.username, 'Note to self')
    sent.assertStatus(403)
    assert.equal(sent.body().errors[0].message, 'You cannot send messages to yourself.')
    assert.equal(await count('messages'), 0)
    assert.equal(await count('conversations'), 0)
  })

  test('a block in either direction closes the conversation both ways', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    await expectStatus(send(client, ana, ben.username, 'Before the block'), 201)
    await block(ben, ana)
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ]) {
      const page = await client.get(`/messages/${to.username}`).loginAs(from).withInertia()
      page.assertStatus(403)
      assert.equal(page.inertiaProps.message, 'You cannot exchange messages with this person.')
      const sent = await send(client, from, to.username, 'After the block')
      sent.assertStatus(403)
      assert.equal(sent.body().errors[0].message, 'You cannot exchange messages with this person.')
      const history = await client
        .get(`/messages/${to.username}/history`)
        .loginAs(from)
        .accept('json')
      history.assertStatus(403)
      const typing = await client
        .post(`/messages/${to.username}/typing`)
        .withCsrfToken()
        .loginAs(from)
        .accept('json')
      typing.assertStatus(403)
    }
    assert.equal(await count('messages'), 1)
  })

  for (const state of ['inactive', 'pending', 'unverified', 'deletionPending'] as const) {
    test(`an account that is not active (${state}) is not found, as on its profile`, async ({
      client,
      assert,
    }) => {
      const ana = await UserFactory.create()
      const gone = await UserFactory.apply(state).create()
      const profile = await client.get(`/u/${gone.username}`).loginAs(ana).withInertia()
      profile.assertStatus(404)
      const page = await client.get(`/messages/${gone.username}`).loginAs(ana).withInertia()
      page.assertStatus(404)
      page.assertInertiaComponent('Errors/NotFound')
      assert.notInclude(JSON.stringify(page.body()), gone.fullName)
      const history = await client
        .get(`/messages/${gone.username}/history`)
        .loginAs(ana)
        .accept('json')
      history.assertStatus(404)
      const sent = await send(client, ana, gone.username, 'Are you there?')
      sent.assertStatus(404)
      assert.notInclude(JSON.stringify(sent.body()), gone.fullName)
      assert.equal(await count('messages'), 0)
      assert.equal(await count('conversations'), 0)
      assert.lengthOf(published, 0)
    })

    test(`an admin sees the ${state} account's page, which cannot be written to`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      const gone = await UserFactory.apply(state).create()
      const page = await client.get(`/messages/${gone.username}`).loginAs(admin).withInertia()
      page.assertStatus(200)
      assert.equal(
        page.inertiaProps.cannotSend,
        `${gone.fullName}’s account is not active, so it cannot receive messages.`
      )
      const sent = await send(client, admin, gone.username, 'Are you there?')
      sent.assertStatus(403)
      assert.match(sent.body().errors[0].message, /is not active/)
      assert.equal(await count('messages'), 0)
    })
  }

  test('a conversation with someone deactivated since stays readable, not writable', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const first = await send(client, ben, ana.username, 'See you')
    first.assertStatus(201)
    ben.isActive = false
    await ben.save()
    const page = await client.get(`/messages/${ben.username}`).loginAs(ana).withInertia()
    page.assertStatus(200)
    assert.lengthOf(page.inertiaProps.messages, 1)
    assert.match(page.inertiaProps.cannotSend, /is not active/)
    const sent = await send(client, ana, ben.username, 'Still there?')
    sent.assertStatus(403)
    assert.equal(await count('messages'), 1)
  })

  test('a deleted account is not found either', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const gone = await UserFactory.create()
    gone.deletedAt = DateTime.now()
    await gone.save()
    const sent = await send(client, ana, gone.username, 'Hello')
    sent.assertStatus(404)
    assert.equal(await count('messages'), 0)
  })

  test('externals reply to members who wrote to them; never the first, never to externals', async ({
    client,
    assert,
  }) => {
    const xena = await UserFactory.apply('external').create()
    const yuri = await UserFactory.apply('external').create()
    const ana = await UserFactory.create()

    const page = await client.get(`/messages/${ana.username}`).loginAs(xena).withInertia()
    page.assertStatus(200)
    assert.equal(
      page.inertiaProps.cannotSend,
      `You can reply once ${ana.fullName} has written to you.`
    )
    const first = await send(client, xena, ana.username, 'Hi, can we talk?')
    first.assertStatus(403)
    assert.equal(
      first.body().errors[0].message,
      `You can reply once ${ana.fullName} has written to you.`
    )
    assert.equal(await count('messages'), 0)

    const toExternal = await send(client, xena, yuri.username, 'Hello fellow external')
    toExternal.assertStatus(403)
    assert.equal(
      toExternal.body().errors[0].message,
      'External accounts can only exchange messages with team members.'
    )

    // A member writes first: the external may answer.
    await expectStatus(send(client, ana, xena.username, 'Welcome aboard'), 201)
    await expectStatus(send(client, xena, ana.username, 'Thanks!'), 201)
    assert.equal(await count('messages'), 2)
  })

  test('admins message like anyone else', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const ana = await UserFactory.create()
    await expectStatus(send(client, admin, ana.username, 'Hello from the admin'), 201)
    const page = await client.get(`/messages/${admin.username}`).loginAs(ana).withInertia()
    page.assertInertiaComponent('Messages/Show')
    assert.equal(page.inertiaProps.messages[0].body, 'Hello from the admin')
  })

  test('nobody reads a conversation they are not in, admins included', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const cara = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    await expectStatus(send(client, ana, ben.username, 'Secret between ana and ben'), 201)

    for (const outsider of [cara, admin]) {
      // Every address resolves to the outsider's own conversation with that person.
      for (const username of [ana.username, ben.username]) {
        const page = await client.get(`/messages/${username}`).loginAs(outsider).withInertia()
        assert.lengthOf(page.inertiaProps.messages, 0)
        const history = await client
          .get(`/messages/${username}/history`)
          .loginAs(outsider)
          .accept('json')
        assert.lengthOf(history.body().messages, 0)
      }
      const list = await client.get('/messages').loginAs(outsider).withInertia()
      assert.lengthOf(list.inertiaProps.conversations, 0)
    }
    // The outsiders' reads changed nothing for the participants.
    const benList = await client.get('/messages').loginAs(ben).withInertia()
    assert.equal(benList.inertiaProps.conversations[0].unreadCount, 1)
  })

  test('blocking someone clears what was unread between the two and hides the conversation', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const cara = await UserFactory.create()
    await expectStatus(send(client, ben, ana.username, 'one'), 201)
    await expectStatus(send(client, ben, ana.username, 'two'), 201)
    await expectStatus(send(client, cara, ana.username, 'three'), 201)
    await expectStatus(send(client, ana, ben.username, 'back'), 201)
    published.length = 0

    await new BlockPerson().handle(ana, ben)
    assert.equal(await badgeOf(ana), 1, 'only cara’s message is left')
    assert.equal(await badgeOf(ben), 0)
    assert.equal(await badgeOf(ana), await trueUnread(ana))
    assert.deepEqual(
      published.map((p) => [p.channels[0], p.event, p.data.unreadTotal]),
      [
        [`private-App.Models.User.${ana.id}`, 'App\\Events\\UnreadMessagesChanged', 1],
        [`private-App.Models.User.${ben.id}`, 'App\\Events\\UnreadMessagesChanged', 0],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0])))
    )
    const list = await client.get('/messages').loginAs(ana).withInertia()
    assert.deepEqual(
      list.inertiaProps.conversations.map((c: any) => c.other.username),
      [cara.username]
    )
    assert.equal(list.inertiaProps.unreadMessages, 1)
    const benList = await client.get('/messages').loginAs(ben).withInertia()
    assert.lengthOf(benList.inertiaProps.conversations, 0)
  })
})
