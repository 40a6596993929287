import { createServer, type Server } from 'node:http'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { RedisConnection } from '@adonisjs/redis'
import env from '#start/env'
import config from '#config/realtime'
import redisConfig from '#config/redis'
import { RealtimeHub } from '#services/realtime/hub'
import { RedisCluster } from '#services/realtime/cluster'
import { realtime } from '#services/realtime/main'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import { clearMemorySessions } from '#tests/functional/profile/memory_sessions'
import {
  type Pusher,
  connected,
  pusherClient,
  sessionAuthorizer,
  sleep,
  subscription,
} from '#tests/functional/realtime/_support'
import { CONFIRMED } from './_support.js'

/**
 * "Blocking or a role change takes effect at once on every open session and
 * websocket", across app nodes: the person's socket lives on a second node
 * (its own RealtimeHub + RedisCluster in this process, its own HTTP port and
 * Redis connection), the administrator acts on the test server (node A).
 * RevokeSessions closes the socket on node B through Redis, and node B
 * refuses its resubscription. Runs when REDIS_URL is set (CI's Redis leg).
 */
const silent = { warn() {}, error() {} }

class SecondNode {
  hub = new RealtimeHub(config, silent)
  connection = new RedisConnection('admin-c-node-b', {
    ...redisConfig.connections.realtime,
    lazyConnect: false,
  })
  cluster = new RedisCluster(this.hub, this.connection, this.connection, silent)
  server: Server = createServer((_, response) => response.writeHead(404).end())
  port = 0

  async start() {
    await this.cluster.start()
    this.hub.attach(this.server)
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    this.port = typeof address === 'object' && address ? address.port : 0
  }

  async stop() {
    await this.hub.close()
    await this.cluster.stop()
    await new Promise((resolve) => this.server.close(resolve))
    await this.connection.quit()
  }
}

async function signedIn(email: string) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  const response = await jar.signIn(email, TEST_PASSWORD)
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  return jar
}

function dropped(client: Pusher, timeout = 10_000) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeout)
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current !== 'connected') {
        clearTimeout(timer)
        resolve(true)
      }
    })
  })
}

const noRedis = !env.get('REDIS_URL')

test.group('Admin people / revocation across app nodes (Redis)', (group) => {
  const clients: Pusher[] = []
  let nodeB: SecondNode | null = null
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearMemorySessions())
  group.each.teardown(async () => {
    for (const client of clients.splice(0)) client.disconnect()
    await nodeB?.stop()
    nodeB = null
  })
  group.each.timeout(60_000)

  for (const action of ['block', 'role'] as const) {
    test(`${action === 'block' ? 'a block' : 'a role change'} on node A closes the person's socket on node B`, async ({
      client,
      assert,
    }) => {
      assert.isNotNull(realtime.cluster, 'the test server joined the Redis cluster')
      nodeB = new SecondNode()
      await nodeB.start()

      const admin = await UserFactory.apply('admin').create()
      const person = await UserFactory.create()
      const jar = await signedIn(person.email)
      const channel = `private-App.Models.User.${person.id}`
      const socket = pusherClient(
        { host: '127.0.0.1', port: nodeB.port, key: config.key },
        sessionAuthorizer(jar)
      )
      clients.push(socket)
      await connected(socket)
      const joined = await subscription(socket, channel)
      assert.isTrue(joined.ok, 'subscribed on node B with the session of node A')
      // The binding of the socket to its session crossed Redis to node B.
      await sleep(300)

      const closed = dropped(socket)
      const refused = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000)
        socket.channel(channel).bind('pusher:subscription_error', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
      const response = await (
        action === 'block'
          ? client
              .post(`/admin/users/${person.id}/block`)
              .withCsrfToken()
              .withSession(CONFIRMED())
              .loginAs(admin)
              .form({ reason: 'Cross-node test' })
          : client
              .put(`/admin/users/${person.id}/role`)
              .withCsrfToken()
              .withSession(CONFIRMED())
              .loginAs(admin)
              .form({ role: 'external' })
      ).redirects(0)
      response.assertStatus(302)

      assert.isTrue(await closed, 'the socket on node B stayed open')
      assert.isTrue(await refused, 'node B let the revoked session subscribe again')
    }).skip(noRedis, 'needs REDIS_URL (CI runs the functional suite on Redis too)')
  }
})
