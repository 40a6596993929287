import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { AuthorizationResponse, errors as bouncerErrors } from '@adonisjs/bouncer'
import HttpExceptionHandler from '#exceptions/handler'
import { E_FORBIDDEN } from '#exceptions/forbidden_exception'
import { E_MESSAGING_REFUSED } from '#exceptions/messaging_refused_exception'
import type User from '#models/user'
import { admin, makeMedia, member, postsGroup } from '#tests/functional/posts/_support'
import { PostFactory } from '#database/factories/post_factory'

const DEFAULT = 'You are not allowed to do this.'
const SIGN_OUT_SELF = 'Sign out your own devices on your profile page, not from the admin pages.'

/** The kinds of caller a refusal is answered to (the API is below). */
const callers = {
  /** fetch() asking for JSON. */
  json: (request: ApiRequest) => request.accept('json'),
  /** A script saying it is XHR, with no Accept preference. */
  xhr: (request: ApiRequest) => request.header('X-Requested-With', 'XMLHttpRequest'),
  /** An Inertia visit (sends X-Requested-With too, and gets pages). */
  inertia: (request: ApiRequest) => request.withInertia(),
}

function asCaller(
  client: ApiClient,
  kind: keyof typeof callers,
  user: User,
  method: 'get' | 'put' | 'post',
  url: string
) {
  let request = client[method](url).loginAs(user).redirects(0)
  if (method !== 'get') request = request.withCsrfToken()
  return callers[kind](request)
}

/**
 * Every authorization refusal (bouncer's E_AUTHORIZATION_FAILURE from any
 * policy, E_FORBIDDEN from the role check) answers the caller in its own
 * language: a JSON caller gets 403 `{ errors: [{ message }] }` with the
 * policy's sentence, an Inertia visit the 403 page, the API problem
 * details; a hidden file stays a 404 for all of them.
 */
test.group('Refusals / JSON and XHR callers get JSON, Inertia the 403 page', (group) => {
  postsGroup(group)

  for (const kind of ['json', 'xhr'] as const) {
    test(`PostPolicy: another member editing a post (${kind}) → 403 JSON`, async ({
      client,
      assert,
    }) => {
      const owner = await member()
      const post = await PostFactory.merge({
        authorId: owner.id,
        bodyHtml: '<p>Mine</p>',
        bodyText: 'Mine',
      }).create()
      const other = await member()
      const request = asCaller(client, kind, other, 'put', `/posts/${post.id}`)
      const response = await request.form({ body: 'Not yours', audience: 'team' })
      response.assertStatus(403)
      response.assertBody({ errors: [{ message: DEFAULT }] })
      await post.refresh()
      assert.equal(post.bodyHtml, '<p>Mine</p>', 'nothing written')

      const edit = await asCaller(client, kind, other, 'get', `/posts/${post.id}/edit`)
      edit.assertStatus(403)
      edit.assertBody({ errors: [{ message: DEFAULT }] })
    })

    test(`role check: a member on an admin-only page (${kind}) → 403 JSON`, async ({ client }) => {
      const response = await asCaller(client, kind, await member(), 'get', '/admin/jobs')
      response.assertStatus(403)
      response.assertBody({ errors: [{ message: DEFAULT }] })
    })

    test(`UserPolicy's sentence: an admin signing themselves out (${kind})`, async ({ client }) => {
      const boss = await admin()
      const url = `/admin/users/${boss.id}/sign-out`
      const response = await asCaller(client, kind, boss, 'post', url)
      response.assertStatus(403)
      response.assertBody({ errors: [{ message: SIGN_OUT_SELF }] })
    })

    test(`MediaPolicy: a hidden file stays a 404 (${kind})`, async ({ client, assert }) => {
      const media = await hiddenFile()
      const response = await asCaller(client, kind, await member(), 'get', `/media/${media}`)
      response.assertStatus(404)
      assert.notInclude(response.text(), 'not allowed')
    })
  }

  test('Inertia visits: the 403 page, with the sentence', async ({ client, assert }) => {
    const owner = await member()
    const post = await PostFactory.merge({ authorId: owner.id }).create()
    const edit = await asCaller(client, 'inertia', await member(), 'get', `/posts/${post.id}/edit`)
    edit.assertStatus(403)
    edit.assertInertiaComponent('Errors/Forbidden')
    assert.equal((edit.inertiaProps as { message: string }).message, DEFAULT)

    const jobs = await asCaller(client, 'inertia', await member(), 'get', '/admin/jobs')
    jobs.assertStatus(403)
    jobs.assertInertiaComponent('Errors/Forbidden')

    const boss = await admin()
    const url = `/admin/users/${boss.id}/sign-out`
    const signOut = await asCaller(client, 'inertia', boss, 'post', url)
    signOut.assertStatus(403)
    signOut.assertInertiaComponent('Errors/Forbidden')
    assert.equal((signOut.inertiaProps as { message: string }).message, SIGN_OUT_SELF)
  })

  test('Inertia visits: a hidden file is the not-found page', async ({ client }) => {
    const media = await hiddenFile()
    const response = await asCaller(client, 'inertia', await member(), 'get', `/media/${media}`)
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/NotFound')
  })

  test('the owner is not refused (the same requests succeed)', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const edit = await asCaller(client, 'inertia', author, 'get', `/posts/${post.id}/edit`)
    edit.assertStatus(200)
    const jobs = await asCaller(client, 'inertia', await admin(), 'get', '/admin/jobs')
    jobs.assertStatus(200)
  })
})

test.group('Refusals / the API answers problem details', () => {
  /** A refusal raised while serving an /api/v1 request, answered by the handler. */
  async function apiAnswer(error: unknown) {
    const req = new IncomingMessage(new Socket())
    req.url = '/api/v1/posts/1'
    req.headers.accept = 'application/json'
    const ctx = await testUtils.createHttpContext({ req })
    await new HttpExceptionHandler().handle(error, ctx)
    return {
      status: ctx.response.getStatus(),
      type: String(ctx.response.getHeader('content-type')),
      body: bodyOf(ctx.response.getBody()) as { status: number; detail: string },
    }
  }

  function bodyOf(body: unknown) {
    if (typeof body !== 'string') throw new Error(JSON.stringify(body))
    return JSON.parse(body)
  }

  test('a policy denial with a sentence: 403 problem with that sentence', async ({ assert }) => {
    const denial = AuthorizationResponse.deny('You cannot block yourself.')
    const answer = await apiAnswer(new bouncerErrors.E_AUTHORIZATION_FAILURE(denial))
    assert.equal(answer.status, 403)
    assert.match(answer.type, /^application\/problem\+json/)
    assert.include(answer.body, { status: 403, detail: 'You cannot block yourself.' })
  })

  test('a policy that returned false, a role check, a messaging refusal', async ({ assert }) => {
    const plain = await apiAnswer(
      new bouncerErrors.E_AUTHORIZATION_FAILURE(AuthorizationResponse.deny())
    )
    assert.include(plain.body, { status: 403, detail: DEFAULT })
    const role = await apiAnswer(new E_FORBIDDEN())
    assert.include(role.body, { status: 403, detail: DEFAULT })
    const messaging = await apiAnswer(
      new bouncerErrors.E_AUTHORIZATION_FAILURE(E_MESSAGING_REFUSED.deny('Not to yourself.'))
    )
    assert.include(messaging.body, { status: 403, detail: 'Not to yourself.' })
  })

  test('a denial with a 404 status stays a 404', async ({ assert }) => {
    const denial = AuthorizationResponse.deny('Not found', 404)
    const answer = await apiAnswer(new bouncerErrors.E_AUTHORIZATION_FAILURE(denial))
    assert.equal(answer.status, 404)
  })
})

/** A file nobody but its uploader may download (attached to nothing yet). */
async function hiddenFile() {
  const owner = await member()
  const post = await PostFactory.merge({ authorId: owner.id }).create()
  const media = await makeMedia(post, Buffer.from('0123456789'), 'application/pdf')
  await db.from('media').where('id', media.id).update({ post_id: null })
  return media.id
}
