import { test } from '@japa/runner'
import { Bouncer } from '@adonisjs/bouncer'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import MessagePolicy from '#policies/message_policy'
import { E_MESSAGING_REFUSED } from '#exceptions/messaging_refused_exception'
import { block } from '#tests/functional/posts/_support'
import { countQueries } from '#tests/functional/feeds/query_counter'
import { expectStatus, messagesGroup, send } from './_support.js'

const asUser = (user: User | null) => new Bouncer<User>(user).with(MessagePolicy)

/**
 * MessagePolicy (app/policies/message_policy.ts): who may know, open and
 * write to a conversation, asked directly and through the routes, for a
 * guest, another user, the two people of a conversation, an admin and a
 * blocked pair.
 */
test.group('MessagePolicy', (group) => {
  messagesGroup(group)

  test('a guest may do nothing', async ({ assert }) => {
    const ana = await UserFactory.create()
    for (const ability of ['see', 'open', 'send'] as const) {
      assert.isTrue(await asUser(null).denies(ability, ana), ability)
    }
  })

  test('two team members may see, open and write to each other', async ({ assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    for (const ability of ['see', 'open', 'send'] as const) {
      assert.isTrue(await asUser(ana).allows(ability, ben), ability)
    }
  })

  test('yourself: seen, but neither opened nor written to, with the sentence', async ({
    assert,
  }) => {
    const ana = await UserFactory.create()
    assert.isTrue(await asUser(ana).allows('see', ana))
    const open = await asUser(ana).execute('open', ana)
    assert.isFalse(open.authorized)
    assert.equal(open.message, 'You cannot send messages to yourself.')
    assert.equal(open.status, 403)
    assert.isFalse(await asUser(ana).allows('send', ana))
  })

  test('a block either way closes the pair both ways', async ({ assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    await block(ben, ana)
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ]) {
      assert.isTrue(await asUser(from).allows('see', to))
      const open = await asUser(from).execute('open', to)
      assert.isFalse(open.authorized)
      assert.equal(open.message, 'You cannot exchange messages with this person.')
      const sent = await asUser(from).execute('send', to)
      assert.equal(sent.message, 'You cannot exchange messages with this person.')
    }
  })

  test('a hidden account: an admin sees it and may not write; a member does not see it', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const member = await UserFactory.create()
    const gone = await UserFactory.apply('inactive').create()
    assert.isFalse(await asUser(member).allows('see', gone))
    assert.isTrue(await asUser(admin).allows('see', gone))
    assert.isTrue(await asUser(admin).allows('open', gone))
    const sent = await asUser(admin).execute('send', gone)
    assert.isFalse(sent.authorized)
    assert.match(sent.message ?? '', /is not active/)
  })

  test('an external writes only to a member who wrote first', async ({ client, assert }) => {
    const member = await UserFactory.create()
    const external = await UserFactory.apply('external').create()
    const first = await asUser(external).execute('send', member)
    assert.equal(first.message, `You can reply once ${member.fullName} has written to you.`)
    assert.isTrue(await asUser(member).allows('send', external))
    await expectStatus(send(client, member, external.username, 'Welcome'), 201)
    assert.isTrue(await asUser(external).allows('send', member))
  })

  test('its refusals are E_MESSAGING_REFUSED: 403 JSON or the 403 page with the sentence', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    await block(ana, ben)
    const refusal = await asUser(ana)
      .authorize('send', ben)
      .then(() => null)
      .catch((error: unknown) => E_MESSAGING_REFUSED.of(error))
    assert.instanceOf(refusal, E_MESSAGING_REFUSED)
    assert.equal(refusal?.message, 'You cannot exchange messages with this person.')

    const json = await expectStatus(send(client, ana, ben.username, 'Hi'), 403)
    assert.deepEqual(json.body(), {
      errors: [{ message: 'You cannot exchange messages with this person.' }],
    })
    const page = await client.get(`/messages/${ben.username}`).loginAs(ana).withInertia()
    page.assertStatus(403)
    page.assertInertiaComponent('Errors/Forbidden')
    assert.equal(page.inertiaProps.message, 'You cannot exchange messages with this person.')
  })

  test('asking the policy costs the queries the rules need, no more', async ({ assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    // see: the account is visible, no query; open: one blocks probe;
    // send (member to member): one blocks probe.
    const cost = async (ability: 'see' | 'open' | 'send') => {
      const { count } = await countQueries(() => asUser(ana).allows(ability, ben))
      return count
    }
    assert.equal(await cost('see'), 0)
    assert.equal(await cost('open'), 1)
    assert.equal(await cost('send'), 1)
  })
})
