import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import config from '#config/realtime'
import { broadcast } from '#services/broadcast'
import { revokeOwnToken } from '#services/api/personal_tokens'
import { UserFactory, TEST_PASSWORD } from '#database/factories/user_factory'
import { CookieJar, testServerUrl } from '#tests/helpers/cookie_jar'
import { freshIp } from '#tests/helpers/security'
import { tokenFor } from '#tests/functional/api/_support'
import type User from '#models/user'
import {
  type Pusher,
  connected,
  nextEvent,
  pusherClient,
  sleep,
  subscription,
  testServer,
} from './_support.js'

/**
 * Realtime for API clients (issue 14): a bot holding a personal access
 * token authorises its private channels through POST /broadcasting/auth
 * with `Authorization: Bearer …` — the same channel rules as a browser
 * session (start/channels.ts), no session, no CSRF. Real pusher-js client.
 */
const server = () => testServer(config.key)

type Authorizer = (
  params: { socketId: string; channelName: string },
  callback: (error: Error | null, data: any) => void
) => void

/** pusher-js's channel authorization through the bearer token (a bot's setup). */
function bearerAuthorizer(secret: string): Authorizer {
  return (params, callback) => {
    fetch(testServerUrl('/broadcasting/auth'), {
      method: 'POST',
      headers: {
        'authorization': `Bearer ${secret}`,
        'content-type': 'application/x-www-form-urlencoded',
        'accept': 'application/json',
      },
      body: new URLSearchParams({
        socket_id: params.socketId,
        channel_name: params.channelName,
      }).toString(),
    })
      .then(async (response) => {
        if (response.status !== 200) {
          return callback(
            Object.assign(new Error(`auth answered ${response.status}`), {
              status: response.status,
            }),
            null
          )
        }
        callback(null, await response.json())
      })
      .catch((error) => callback(error, null))
  }
}

/** One raw POST /broadcasting/auth; `headers` on top of the form's. */
async function authWith(headers: Record<string, string>, channel: string, socketId = '1234.5678') {
  const response = await fetch(testServerUrl('/broadcasting/auth'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

/** Only the status of authWith(). */
async function statusWith(headers: Record<string, string>, channel: string, socketId?: string) {
  const answer = await authWith(headers, channel, socketId)
  return answer.status
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` })

async function signedIn(user: User) {
  const jar = new CookieJar()
  jar.headers['x-forwarded-for'] = freshIp()
  const response = await jar.signIn(user.email, TEST_PASSWORD)
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  return jar
}

const userChannel = (user: User) => `private-App.Models.User.${user.id}`

test.group('Realtime / API tokens authorise channels', (group) => {
  const clients: Pusher[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    for (const open of clients.splice(0)) open.disconnect()
  })

  async function bot(secret: string) {
    const client = pusherClient(server(), bearerAuthorizer(secret))
    clients.push(client)
    await connected(client)
    return client
  }

  test('a bot with a read-only token hears a mention on its own channel', async ({ assert }) => {
    const botUser = await UserFactory.create()
    const author = await UserFactory.create()
    const { secret } = await tokenFor(botUser, ['read'])
    const client = await bot(secret)
    const result = await subscription(client, userChannel(botUser))
    assert.isTrue(result.ok, JSON.stringify(result.data))

    // Someone mentions the bot, through the API as well.
    const authorToken = await tokenFor(author, ['read', 'write'])
    const heard = nextEvent<{ notification: { kind: string; url: string }; unreadCount: number }>(
      client,
      userChannel(botUser),
      'App\\Events\\NotificationCreated'
    )
    const posted = await fetch(testServerUrl('/api/v1/posts'), {
      method: 'POST',
      headers: { ...bearer(authorToken.secret), 'content-type': 'application/json' },
      body: JSON.stringify({
        body: `<p>Ping <span data-type="mention" class="mention" data-id="${botUser.id}">@${botUser.username}</span>, any news?</p>`,
        audience: 'team',
      }),
    })
    assert.equal(posted.status, 201, await posted.clone().text())
    const event = await heard
    assert.equal(event.notification.kind, 'post_mentioned')
    assert.equal(event.unreadCount, 1)
  })

  test('the token opens only what its owner may join', async ({ assert }) => {
    const botUser = await UserFactory.create()
    const other = await UserFactory.create()
    const { secret } = await tokenFor(botUser, ['read'])
    const client = await bot(secret)

    const foreign = await subscription(client, userChannel(other))
    assert.isFalse(foreign.ok)
    assert.match(String(foreign.data?.error), /answered 403/)
    const moderation = await subscription(client, 'private-App.Admin.Moderation')
    assert.isFalse(moderation.ok)
    // What a member may join, the member's token may join (presence included).
    const presence = await subscription(client, 'presence-online')
    assert.isTrue(presence.ok, JSON.stringify(presence.data))
    assert.property(presence.data.members, String(botUser.id))

    // Nothing meant for the other user reaches the bot.
    let leaked = false
    client.channel(userChannel(other))?.bind('App\\Events\\Secret', () => (leaked = true))
    await broadcast(userChannel(other), 'Secret', { for: 'other' })
    await sleep(300)
    assert.isFalse(leaked)

    // The admin's token opens the admins' channel; an external's not the team's.
    const adminUser = await UserFactory.apply('admin').create()
    const adminToken = await tokenFor(adminUser, ['read'])
    assert.equal(await statusWith(bearer(adminToken.secret), 'private-App.Admin.Moderation'), 200)
    const externalUser = await UserFactory.apply('external').create()
    const externalToken = await tokenFor(externalUser, ['read'])
    assert.equal(await statusWith(bearer(externalToken.secret), 'presence-online'), 403)
    assert.equal(await statusWith(bearer(externalToken.secret), 'private-App.Feed.team'), 403)
    assert.equal(await statusWith(bearer(externalToken.secret), userChannel(externalUser)), 200)
  })

  test('revoked, expired, unknown or blocked: 403', async ({ assert }) => {
    const user = await UserFactory.create()
    const channel = userChannel(user)

    const good = await tokenFor(user, ['read'])
    const answer = await authWith(bearer(good.secret), channel)
    assert.equal(answer.status, 200, answer.body)
    assert.property(JSON.parse(answer.body), 'auth')
    // A token-only request: no session, no cookie of any kind.
    assert.deepEqual(answer.headers.getSetCookie(), [])

    const expired = await tokenFor(user, ['read'], { expiresIn: '1 hour' })
    await db
      .from('auth_access_tokens')
      .where('id', expired.id)
      .update({ expires_at: new Date(Date.now() - 60_000) })
    assert.equal(await statusWith(bearer(expired.secret), channel), 403)

    const revoked = await tokenFor(user, ['read'])
    await revokeOwnToken(user, revoked.id)
    assert.equal(await statusWith(bearer(revoked.secret), channel), 403)

    assert.equal(await statusWith(bearer('hud_not-a-token'), channel), 403)
    assert.equal(await statusWith({ authorization: 'Bearer ' }, channel), 403)

    // A write-only token has no `read`.
    const writeOnly = await tokenFor(user, ['write'])
    assert.equal(await statusWith(bearer(writeOnly.secret), channel), 403)

    // Bad input stays a 403, not a 500.
    assert.equal(await statusWith(bearer(good.secret), channel, 'nope'), 403)
    assert.equal(await statusWith(bearer(good.secret), 'App.Models.User.1'), 403)

    // The owner is deactivated: the token stops at once.
    await db.from('users').where('id', user.id).update({ is_active: false })
    assert.equal(await statusWith(bearer(good.secret), channel), 403)
  })

  test('user authentication (pusher:signin) with the token', async ({ assert }) => {
    const user = await UserFactory.create()
    const { secret } = await tokenFor(user, ['read'])
    const response = await fetch(testServerUrl('/broadcasting/user-auth'), {
      method: 'POST',
      headers: { ...bearer(secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'socket_id=1234.5678',
    })
    assert.equal(response.status, 200)
    const body = (await response.json()) as { user_data: string }
    assert.equal(JSON.parse(body.user_data).id, String(user.id))

    const refused = await fetch(testServerUrl('/broadcasting/user-auth'), {
      method: 'POST',
      headers: { ...bearer('hud_nope'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'socket_id=1234.5678',
    })
    assert.equal(refused.status, 403)
  })

  test('a cookie session still needs CSRF; a bearer header never falls back to the cookie', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const jar = await signedIn(user)
    const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const channel = userChannel(user)

    // Session without the XSRF header: refused by shield.
    assert.notEqual(await statusWith({ cookie }, channel), 200)
    // With it: allowed (the web path is unchanged).
    const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN')!)
    assert.equal(await statusWith({ cookie, 'x-xsrf-token': xsrf }, channel), 200)
    // A valid session cookie plus a bad bearer token: the token decides → 403.
    assert.equal(await statusWith({ cookie, ...bearer('hud_forged') }, channel), 403)
    // A valid token for someone else plus this user's cookie: the token's owner decides.
    const other = await UserFactory.create()
    const othersToken = await tokenFor(other, ['read'])
    assert.equal(await statusWith({ cookie, ...bearer(othersToken.secret) }, channel), 403)
  })

  test('revoking the token closes the sockets it authorised', async ({ assert }) => {
    const user = await UserFactory.create()
    const { secret, id } = await tokenFor(user, ['read'])
    const client = await bot(secret)
    const result = await subscription(client, userChannel(user))
    assert.isTrue(result.ok)

    const closed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000)
      client.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') {
          clearTimeout(timer)
          resolve(true)
        }
      })
    })
    assert.isTrue(await revokeOwnToken(user, id))
    assert.isTrue(await closed, 'the revoked token’s socket stayed open')
  })
})
