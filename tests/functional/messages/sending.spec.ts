import { test } from '@japa/runner'
import emitter from '@adonisjs/core/services/emitter'
import sharp from 'sharp'
import { readFileSync } from 'node:fs'
import env from '#start/env'
import Media from '#models/media'
import Message from '#models/message'
import { UserFactory } from '#database/factories/user_factory'
import * as fixtures from '#tests/fixtures/media_files'
import { storedFiles, storedPath } from '#tests/functional/posts/_support'
import {
  badgeOf,
  count,
  messagesGroup,
  send,
  trueUnread,
  unreadWith,
  expectStatus,
} from './_support.js'
import MessageSent from '#events/message_sent'

async function assertNothingStored(assert: any) {
  assert.equal(await count('messages'), 0, 'no message row')
  assert.equal(await count('conversations'), 0, 'no conversation row')
  assert.equal(await count('media'), 0, 'no media row')
  assert.deepEqual(storedFiles(), [], 'no file on the disk')
}

test.group('Messages / sending', (group) => {
  const published = messagesGroup(group)

  test('a message is stored, counted, then broadcast to the two participants only', async ({
    client,
    assert,
    cleanup,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    // Watched, not faked: the broadcasts checked below are MessageSent's listener.
    const dispatched: MessageSent[] = []
    cleanup(emitter.on(MessageSent, (event) => dispatched.push(event)))

    const response = await send(client, ana, ben.username, '  Hello Ben!\r\nLunch?  ', [], {
      socketId: '123.456',
    })
    response.assertStatus(201)
    const message = response.body().message
    assert.equal(message.body, 'Hello Ben!\nLunch?')
    assert.equal(message.senderId, ana.id)

    const row = await Message.findOrFail(message.id)
    assert.equal(row.body, 'Hello Ben!\nLunch?')
    assert.equal(await unreadWith(ben, ana), 1)
    assert.equal(await unreadWith(ana, ben), 0)
    assert.equal(await badgeOf(ben), 1)
    assert.equal(await badgeOf(ana), 0)

    // Exactly two MessageSent publishes, each on one participant's own
    // channel (the recipient's NotificationCreated is the bell's).
    const sent = published.filter((p) => p.event !== 'App\\Events\\NotificationCreated')
    assert.deepEqual(
      sent.map((p) => [p.channels, p.event]),
      [
        [[`private-App.Models.User.${ben.id}`], 'App\\Events\\MessageSent'],
        [[`private-App.Models.User.${ana.id}`], 'App\\Events\\MessageSent'],
      ]
    )
    assert.isTrue(
      sent.every((p) => p.storedFirst),
      'stored before broadcast'
    )
    assert.equal(sent[0].data.unreadTotal, 1)
    assert.equal(sent[0].data.message.body, 'Hello Ben!\nLunch?')
    assert.equal(sent[0].data.from.username, ana.username)
    assert.notProperty(sent[0].data.from, 'email')
    assert.isNull(sent[0].options.exceptSocketId ?? null)
    // The sender's other tabs get it; the sending socket does not.
    assert.equal(sent[1].options.exceptSocketId, '123.456')
    assert.notProperty(sent[1].data, 'unreadTotal')

    assert.lengthOf(dispatched, 1)
    assert.include(dispatched[0], {
      messageId: message.id,
      senderId: ana.id,
      recipientId: ben.id,
      conversationId: message.conversationId,
    })
  })

  test('one conversation per pair, whoever writes first', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    await expectStatus(send(client, ana, ben.username, 'One'), 201)
    await expectStatus(send(client, ben, ana.username, 'Two'), 201)
    await expectStatus(send(client, ana, ben.username, 'Three'), 201)
    assert.equal(await count('conversations'), 1)
    assert.equal(await count('conversation_participants'), 2)
    assert.equal(await count('messages'), 3)
  })

  test('unread counters stay exact across conversations, reads and replies', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const cara = await UserFactory.create()
    const ids: number[] = []
    for (const text of ['a1', 'a2', 'a3']) {
      const response = await send(client, ana, ben.username, text)
      ids.push(response.body().message.id)
    }
    for (const text of ['c1', 'c2']) await send(client, cara, ben.username, text)
    assert.equal(await unreadWith(ben, ana), 3)
    assert.equal(await unreadWith(ben, cara), 2)
    assert.equal(await badgeOf(ben), 5)

    // The list shows each count; the shared prop carries the total.
    const list = await client.get('/messages').loginAs(ben).withInertia()
    assert.deepEqual(
      list.inertiaProps.conversations.map((c: any) => [c.other.username, c.unreadCount]),
      [
        [cara.username, 2],
        [ana.username, 3],
      ]
    )
    assert.equal(list.inertiaProps.unreadMessages, 5)

    // Reading up to the second of ana's messages leaves exactly one.
    published.length = 0
    const read = await client
      .post(`/messages/${ana.username}/read`)
      .withCsrfToken()
      .loginAs(ben)
      .accept('json')
      .json({ upTo: ids[1] })
    read.assertStatus(200)
    assert.equal(read.body().lastReadMessageId, ids[1])
    assert.equal(await unreadWith(ben, ana), 1)
    assert.equal(await badgeOf(ben), 3)
    assert.deepEqual(
      published.map((p) => [p.channels[0], p.event, p.data]),
      [
        [
          `private-App.Models.User.${ana.id}`,
          'App\\Events\\MessagesRead',
          {
            conversationId: list.inertiaProps.conversations[1].id,
            readerId: ben.id,
            lastReadMessageId: ids[1],
          },
        ],
        [
          `private-App.Models.User.${ben.id}`,
          'App\\Events\\UnreadMessagesChanged',
          { conversationId: list.inertiaProps.conversations[1].id, unreadTotal: 3 },
        ],
      ]
    )

    // Reading never goes backwards.
    await client
      .post(`/messages/${ana.username}/read`)
      .withCsrfToken()
      .loginAs(ben)
      .accept('json')
      .json({ upTo: ids[0] })
    assert.equal(await unreadWith(ben, ana), 1)

    // A reply does not change the replier's unread. Opening the page (a GET)
    // writes nothing; the page then reads it all with a POST.
    await send(client, ben, ana.username, 'reply')
    assert.equal(await badgeOf(ben), 3)
    assert.equal(await badgeOf(ana), 1)
    const page = await client.get(`/messages/${ana.username}`).loginAs(ben).withInertia()
    page.assertInertiaComponent('Messages/Show')
    assert.equal(page.inertiaProps.unreadMessages, 3, 'the GET read nothing')
    assert.equal(await unreadWith(ben, ana), 1)
    const all = await client
      .post(`/messages/${ana.username}/read`)
      .withCsrfToken()
      .loginAs(ben)
      .accept('json')
      .json({})
    all.assertStatus(200)
    assert.equal(await unreadWith(ben, ana), 0)
    assert.equal(await badgeOf(ben), 2)
    for (const user of [ana, ben, cara]) assert.equal(await badgeOf(user), await trueUnread(user))
  })

  test('“Seen”: the sender learns how far the other person read', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const sent = await send(client, ana, ben.username, 'Did you see this?')
    const before = await client.get(`/messages/${ben.username}`).loginAs(ana).withInertia()
    assert.equal(before.inertiaProps.otherLastReadId, 0)
    // Opening the page is not reading it (a link from another site could open it).
    await client.get(`/messages/${ana.username}`).loginAs(ben).withInertia()
    const opened = await client.get(`/messages/${ben.username}`).loginAs(ana).withInertia()
    assert.equal(opened.inertiaProps.otherLastReadId, 0)
    // The page, once shown, reads it with a POST.
    await client
      .post(`/messages/${ana.username}/read`)
      .withCsrfToken()
      .loginAs(ben)
      .accept('json')
      .json({ upTo: sent.body().message.id })
    const after = await client.get(`/messages/${ben.username}`).loginAs(ana).withInertia()
    assert.equal(after.inertiaProps.otherLastReadId, sent.body().message.id)
  })

  test('empty, blank and over-long messages are refused with a message; nothing stored', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    for (const body of [null, '', '   \n\t  ', '\u202e\u200b']) {
      const response = await send(client, ana, ben.username, body)
      response.assertStatus(422)
      assert.deepEqual(response.body().errors[0], {
        field: 'body',
        message: 'Write a message or attach a file.',
        rule: 'required',
      })
    }
    const long = await send(client, ana, ben.username, 'x'.repeat(4001))
    long.assertStatus(422)
    assert.equal(
      long.body().errors[0].message,
      'A message can be at most 4000 characters; this one has 4001.'
    )
    await expectStatus(send(client, ana, ben.username, 'x'.repeat(4000)), 201)
    assert.equal(await count('messages'), 1)
    assert.equal(await badgeOf(ben), 1)
  })

  test('a form post (no JSON) goes back with the error, or on to the conversation', async ({
    client,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const refused = await send(client, ana, ben.username, '', [], { json: false })
    refused.assertStatus(302)
    const sent = await send(client, ana, ben.username, 'Hi', [], { json: false })
    sent.assertStatus(302)
    sent.assertHeader('location', `/messages/${ben.username}`)
  })

  test('attachments: images re-encoded without metadata, PDFs kept; served to the two only', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const cara = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const response = await send(client, ana, ben.username, '', [
      { name: 'holiday.jpg', contents: await fixtures.jpegWithGps() },
      { name: 'plan.pdf', contents: fixtures.pdf() },
    ])
    response.assertStatus(201)
    const { message } = response.body()
    assert.equal(message.body, '')
    assert.deepEqual(
      message.attachments.map((a: any) => [a.kind, a.name]),
      [
        ['image', 'holiday.jpg'],
        ['pdf', 'plan.pdf'],
      ]
    )
    const media = await Media.query().where('message_id', message.id).orderBy('position')
    assert.lengthOf(media, 2)
    assert.isNull(media[0].postId)
    const meta = await sharp(readFileSync(storedPath(media[0].fileKey))).metadata()
    assert.isUndefined(meta.exif, 'EXIF (GPS) removed')

    for (const item of media) {
      for (const participant of [ana, ben]) {
        const file = await client.get(`/media/${item.id}/original`).loginAs(participant)
        file.assertStatus(200)
      }
      for (const outsider of [cara, admin]) {
        const file = await client.get(`/media/${item.id}/original`).loginAs(outsider)
        file.assertStatus(404)
      }
      const guest = await client.get(`/media/${item.id}/original`).redirects(0)
      guest.assertStatus(302)
    }
    const thumb = await client.get(`/media/${media[0].id}/thumb`).loginAs(cara)
    thumb.assertStatus(404)
    const list = await client.get('/messages').loginAs(ben).withInertia()
    assert.equal(list.inertiaProps.conversations[0].preview.text, 'Sent 2 attachments')
  })

  test('disguised, video, oversized or too many files are refused; nothing stored', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()

    const disguised = await send(client, ana, ben.username, 'Look', [
      { name: 'cute.png', contents: fixtures.htmlDisguisedAsPng() },
    ])
    disguised.assertStatus(422)
    assert.match(disguised.body().errors[0].message, /^cute\.png: this file type is not supported/)
    await assertNothingStored(assert)

    const svg = await send(client, ana, ben.username, 'Look', [
      { name: 'logo.svg', contents: fixtures.svgWithScript() },
    ])
    svg.assertStatus(422)
    await assertNothingStored(assert)

    const video = await send(client, ana, ben.username, 'Watch', [
      { name: 'clip.mp4', contents: fixtures.mp4() },
    ])
    video.assertStatus(422)
    assert.equal(
      video.body().errors[0].message,
      'clip.mp4: messages accept JPEG, PNG, GIF, WebP or PDF files only.'
    )
    await assertNothingStored(assert)

    env.set('MEDIA_MAX_FILE_MB', 1)
    const big = await send(client, ana, ben.username, 'Big', [
      { name: 'ok.png', contents: await fixtures.png() },
      { name: 'big.pdf', contents: fixtures.pdf(1.1 * 1024 * 1024) },
    ])
    big.assertStatus(422)
    assert.equal(big.body().errors[0].message, 'big.pdf is 1.1 MB; the limit is 1 MB.')
    await assertNothingStored(assert)

    const many = await send(
      client,
      ana,
      ben.username,
      'Many',
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({
          name: `p${i}.png`,
          contents: await fixtures.png(),
        }))
      )
    )
    many.assertStatus(422)
    assert.equal(many.body().errors[0].message, 'A message can have at most 5 files; you chose 6.')
    await assertNothingStored(assert)
    assert.equal(await badgeOf(ben), 0)
    assert.lengthOf(published, 0)
  })

  test('several refused files: their messages joined on files (no per-file keys); a file refused while processing discards the rest', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()

    const several = await send(client, ana, ben.username, 'Look', [
      { name: 'clip.mp4', contents: fixtures.mp4() },
      { name: 'ok.png', contents: await fixtures.png() },
      { name: 'cute.png', contents: fixtures.htmlDisguisedAsPng() },
    ])
    several.assertStatus(422)
    assert.deepEqual(several.body().errors, [
      {
        field: 'files',
        message:
          'clip.mp4: messages accept JPEG, PNG, GIF, WebP or PDF files only. ' +
          'cute.png: this file type is not supported (use JPEG, PNG, GIF, WebP, MP4, WebM, MOV or PDF).',
        rule: 'file',
      },
    ])
    await assertNothingStored(assert)

    const flood = await send(client, ana, ben.username, 'Flood', [
      { name: 'ok.png', contents: await fixtures.png() },
      { name: 'flood.png', contents: await fixtures.pixelFloodPng() },
    ])
    flood.assertStatus(422)
    assert.deepEqual(flood.body().errors, [
      {
        field: 'files',
        message: 'flood.png is too large in pixels; images may have at most 50 megapixels.',
        rule: 'file',
      },
    ])
    await assertNothingStored(assert)
  })

  test('the body is plain text: markup is kept as text, control characters removed', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    const response = await send(
      client,
      ana,
      ben.username,
      '<img src=x onerror=alert(1)>\u0007\u202eok'
    )
    response.assertStatus(201)
    assert.equal(response.body().message.body, '<img src=x onerror=alert(1)>ok')
  })

  test('a flood is stopped at 30 messages a minute with a clear 429; nothing more stored', async ({
    client,
    assert,
  }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    for (let i = 1; i <= 30; i++) await expectStatus(send(client, ana, ben.username, `m${i}`), 201)
    const refused = await send(client, ana, ben.username, 'one too many')
    refused.assertStatus(429)
    assert.equal(
      refused.body().errors[0].message,
      'You are sending messages too quickly. Wait a moment and try again.'
    )
    assert.equal(await count('messages'), 30)
    assert.equal(await badgeOf(ben), 30)
  })

  test('attachments count against the hourly upload quota', async ({ client, assert }) => {
    const ana = await UserFactory.create()
    const ben = await UserFactory.create()
    env.set('UPLOADS_PER_HOUR', 1 as any)
    const first = await send(client, ana, ben.username, 'one', [
      { name: 'a.png', contents: await fixtures.png() },
    ])
    first.assertStatus(201)
    const second = await send(client, ana, ben.username, 'two', [
      { name: 'b.png', contents: await fixtures.png() },
    ])
    second.assertStatus(429)
    assert.match(second.body().errors[0].message, /^Too many uploads/)
    assert.equal(await count('messages'), 1)
    assert.equal(await count('media'), 1)
  })
})
