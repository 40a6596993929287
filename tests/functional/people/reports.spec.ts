import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Report from '#models/report'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { REPORT_REASONS, REPORTS_PER_DAY } from '#enums/report_reason'
import { block, external, member, peopleGroup, tableCount } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

function report(
  client: ApiClient,
  user: User | null,
  body: Record<string, unknown>,
  { json = true } = {}
) {
  let request = client.post('/reports').withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  if (json) request = request.accept('json')
  return request.json(body)
}

test.group('People / reports', (group) => {
  peopleGroup(group)

  test('a guest is sent to the sign-in page; nothing stored', async ({ client, assert }) => {
    const ana = await member()
    const response = await report(
      client,
      null,
      { type: 'user', id: ana.id, reason: 'spam' },
      { json: false }
    )
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.equal(await tableCount('reports'), 0)
  })

  test('report a post: stored as pending with reason and details', async ({ client, assert }) => {
    const [me, ana] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    const response = await report(client, me, {
      type: 'post',
      id: post.id,
      reason: 'harassment',
      details: '  Rude to a colleague.  ',
    })
    response.assertStatus(201)
    assert.match(response.body().message, /administrators/)
    const stored = await Report.findOrFail(response.body().id)
    assert.deepInclude(stored.$attributes, {
      reporterId: me.id,
      subjectType: 'post',
      subjectId: post.id,
      reason: 'harassment',
      details: 'Rude to a colleague.',
      status: 'pending',
    })
  })

  test('report a person (form post): flash and back', async ({ client, assert }) => {
    const [me, ana] = await Promise.all([member(), member()])
    const response = await client
      .post('/reports')
      .loginAs(me)
      .withCsrfToken()
      .header('referer', `/u/${ana.username}`)
      .form({ type: 'user', id: String(ana.id), reason: 'spam' })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `/u/${ana.username}`)
    assert.match(String(response.flashMessages().success), /Thank you/)
    assert.equal(await tableCount('reports'), 1)
  })

  test('every listed reason is accepted', async ({ client }) => {
    const me = await member()
    for (const reason of REPORT_REASONS) {
      const target = await member()
      const response = await report(client, me, { type: 'user', id: target.id, reason })
      response.assertStatus(201)
    }
  })

  test('one report per item: the second is refused, nothing more stored', async ({
    client,
    assert,
  }) => {
    const [me, ana] = await Promise.all([member(), member()])
    const post = await PostFactory.merge({ authorId: ana.id }).create()
    await report(client, me, { type: 'post', id: post.id, reason: 'spam' })
    const again = await report(client, me, { type: 'post', id: post.id, reason: 'other' })
    again.assertStatus(409)
    again.assertBody({
      errors: [{ message: 'You already reported this post. The administrators will review it.' }],
    })
    const form = await report(
      client,
      me,
      { type: 'post', id: post.id, reason: 'other' },
      { json: false }
    )
      .header('referer', '/')
      .withInertia()
    form.assertStatus(302)
    assert.equal(await tableCount('reports'), 1)
  })

  test('cannot report yourself or your own post (422)', async ({ client, assert }) => {
    const me = await member()
    const post = await PostFactory.merge({ authorId: me.id }).create()
    const self = await report(client, me, { type: 'user', id: me.id, reason: 'spam' })
    self.assertStatus(422)
    self.assertBody({ errors: [{ message: 'You cannot report yourself.' }] })
    const own = await report(client, me, { type: 'post', id: post.id, reason: 'spam' })
    own.assertStatus(422)
    own.assertBody({ errors: [{ message: 'You cannot report your own post.' }] })
    assert.equal(await tableCount('reports'), 0)
  })

  test('invisible items are 404: unknown, team post for an external, blocked either way, inactive', async ({
    client,
    assert,
  }) => {
    const [me, ana, ext, blocker] = await Promise.all([member(), member(), external(), member()])
    const teamPost = await PostFactory.merge({ authorId: ana.id }).apply('team').create()
    const blockerPost = await PostFactory.merge({ authorId: blocker.id }).create()
    await block(blocker, me)
    const inactive = await UserFactory.apply('inactive').create()
    const cases: [User, Record<string, unknown>][] = [
      [me, { type: 'post', id: 999999, reason: 'spam' }],
      [me, { type: 'user', id: 999999, reason: 'spam' }],
      [ext, { type: 'post', id: teamPost.id, reason: 'spam' }],
      [me, { type: 'post', id: blockerPost.id, reason: 'spam' }],
      [me, { type: 'user', id: blocker.id, reason: 'spam' }],
      [me, { type: 'user', id: inactive.id, reason: 'spam' }],
    ]
    for (const [who, body] of cases) {
      const response = await report(client, who, body)
      response.assertStatus(404)
    }
    assert.equal(await tableCount('reports'), 0)
  })

  test('someone I blocked can still be reported', async ({ client }) => {
    const [me, ana] = await Promise.all([member(), member()])
    await block(me, ana)
    const response = await report(client, me, { type: 'user', id: ana.id, reason: 'harassment' })
    response.assertStatus(201)
  })

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['no reason', { type: 'user', reason: undefined }, /Choose a reason/],
    ['unknown reason', { type: 'user', reason: 'boring' }, /Choose one of the listed reasons/],
    ['unknown type', { type: 'comment', reason: 'spam' }, /Only a post or a person/],
    ['id not a number', { type: 'user', id: 'abc', reason: 'spam' }, /not valid/],
    ['details too long', { type: 'user', reason: 'spam', details: 'x'.repeat(1001) }, /1000/],
  ]
  for (const [label, body, message] of bad) {
    test(`bad input (${label}) → 422 with a message, nothing stored`, async ({
      client,
      assert,
    }) => {
      const [me, ana] = await Promise.all([member(), member()])
      const response = await report(client, me, { id: ana.id, ...body })
      response.assertStatus(422)
      assert.match(JSON.stringify(response.body()), message)
      assert.equal(await tableCount('reports'), 0)
    })
  }

  test('details of exactly 1000 characters are fine', async ({ client }) => {
    const [me, ana] = await Promise.all([member(), member()])
    const response = await report(client, me, {
      type: 'user',
      id: ana.id,
      reason: 'other',
      details: 'x'.repeat(1000),
    })
    response.assertStatus(201)
  })

  test(`at most ${REPORTS_PER_DAY} reports a day: then 429 with a message`, async ({
    client,
    assert,
  }) => {
    const me = await member()
    const targets = await UserFactory.createMany(REPORTS_PER_DAY + 1)
    for (const target of targets.slice(0, REPORTS_PER_DAY)) {
      const ok = await report(client, me, { type: 'user', id: target.id, reason: 'spam' })
      ok.assertStatus(201)
    }
    const last = targets[REPORTS_PER_DAY]
    const response = await report(client, me, { type: 'user', id: last.id, reason: 'spam' })
    response.assertStatus(429)
    assert.match(response.body().errors[0].message, /at most 10 reports a day/)
    assert.isDefined(response.header('retry-after'))
    assert.equal(await tableCount('reports'), REPORTS_PER_DAY)
    // Someone else is not affected.
    const other = await member()
    const fine = await report(client, other, { type: 'user', id: last.id, reason: 'spam' })
    fine.assertStatus(201)
  })

  test('refused reports (duplicates) do not use up the daily quota', async ({ client }) => {
    const [me, ana] = await Promise.all([member(), member()])
    await report(client, me, { type: 'user', id: ana.id, reason: 'spam' })
    for (let i = 0; i < REPORTS_PER_DAY + 2; i++) {
      const again = await report(client, me, { type: 'user', id: ana.id, reason: 'spam' })
      again.assertStatus(409)
    }
    const other = await member()
    const response = await report(client, me, { type: 'user', id: other.id, reason: 'spam' })
    response.assertStatus(201)
  })
})
