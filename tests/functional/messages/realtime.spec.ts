import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import config from '#config/realtime'
import type User from '#models/user'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import {
  connected,
  nextEvent,
  pusherClient,
  RawSocket,
  sessionAuthorizer,
  sleep,
  subscription,
  testServer,
  type Pusher,
} from '#tests/functional/realtime/_support'

/**
 * Private messages over the real Pusher-protocol server, with pusher-js
 * (PRODUCT §7, issue 4 §3): a message reaches the recipient's own channel
 * and the sender's other tabs, never the sending socket nor a third
 * person's socket; reading it sends "MessagesRead" back to the sender.
 */
const server = () => testServer(config.key)
const SENT = 'App\\Events\\MessageSent'
const READ = 'App\\Events\\MessagesRead'
const own = (user: User) => `private-App.Models.User.${user.id}`

async function signedIn(user: User) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  await jar.signIn(user.email, TEST_PASSWORD)
  return jar
}

test.group('Messages / realtime delivery (pusher-js)', (group) => {
  const clients: Pusher[] = []
  const sockets: RawSocket[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    for (const client of clients.splice(0)) client.disconnect()
    for (const socket of sockets.splice(0)) socket.close()
  })

  async function listener(jar: CookieJar, user: User) {
    const client = pusherClient(server(), sessionAuthorizer(jar))
    clients.push(client)
    await connected(client)
    const result = await subscription(client, own(user))
    if (!result.ok)
      throw new Error(`could not subscribe to ${own(user)}: ${JSON.stringify(result.data)}`)
    const received: { event: string; data: any }[] = []
    client.channel(own(user))!.bind_global((event: string, data: any) => {
      if (!event.startsWith('pusher:')) received.push({ event, data })
    })
    return { client, received }
  }

  test('the recipient and the sender’s other tabs get it; the sending tab and others do not', async ({
    assert,
  }) => {
    const [ana, ben, cara] = await Promise.all([
      UserFactory.create(),
      UserFactory.create(),
      UserFactory.create(),
    ])
    const [anaJar, benJar, caraJar] = await Promise.all([
      signedIn(ana),
      signedIn(ben),
      signedIn(cara),
    ])
    const anaSending = await listener(anaJar, ana)
    const anaOtherTab = await listener(anaJar, ana)
    const benTab = await listener(benJar, ben)
    const caraTab = await listener(caraJar, cara)

    // Cara may not listen on Ben's channel, and a raw socket of hers records every frame.
    const sneaky = await subscription(caraTab.client, own(ben))
    assert.isFalse(sneaky.ok)
    const raw = new RawSocket(server())
    sockets.push(raw)
    await raw.socketId

    const canary = `canary-${randomBytes(8).toString('hex')}`
    const forBen = nextEvent(benTab.client, own(ben), SENT)
    const forAnaOtherTab = nextEvent(anaOtherTab.client, own(ana), SENT)
    anaJar.headers['x-socket-id'] = anaSending.client.connection.socket_id
    const response = await anaJar.post(`/messages/${ben.username}`, { body: canary })
    assert.equal(response.status, 302)

    const delivered = await forBen
    assert.equal(delivered.message.body, canary)
    assert.equal(delivered.from.username, ana.username)
    assert.equal(delivered.unreadTotal, 1)
    assert.notProperty(delivered.from, 'email')
    const echoed = await forAnaOtherTab
    assert.equal(echoed.message.id, delivered.message.id)

    await sleep(500)
    assert.deepEqual(anaSending.received, [], 'the sending socket is excluded')
    assert.deepEqual(caraTab.received, [], 'a third person receives nothing')
    assert.notInclude(JSON.stringify(raw.frames), canary)
    assert.notInclude(
      JSON.stringify(caraTab.received),
      canary,
      'the canary never reaches a non-participant'
    )

    // Ben opens the conversation: the GET alone sends nothing (a link from
    // another site could open it); the page then marks it read with a POST,
    // and Ana (all her tabs) learns it was seen.
    const page = await benJar.visit(`/messages/${ana.username}`)
    assert.equal(page.status, 200)
    await sleep(300)
    assert.notInclude(
      anaOtherTab.received.map((entry) => entry.event),
      READ,
      'opening the page is not reading it'
    )
    const seen = nextEvent(anaOtherTab.client, own(ana), READ)
    const read = await benJar.post(`/messages/${ana.username}/read`, {})
    assert.isBelow(read.status, 400)
    assert.deepEqual(await seen, {
      conversationId: delivered.message.conversationId,
      readerId: ben.id,
      lastReadMessageId: delivered.message.id,
    })
  })
})
