import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Post from '#models/post'
import type User from '#models/user'
import { admin, block, external, member, postsCountOf, postsGroup, tableCount } from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

function share(
  client: ApiClient,
  user: User | null,
  id: number,
  comment?: string,
  { json = false } = {}
) {
  let request = client
    .post(`/posts/${id}/share`)
    .withCsrfToken()
    .redirects(0)
    .form(comment === undefined ? {} : { body: comment })
  if (json) request = request.accept('json')
  return user ? request.loginAs(user) : request
}

const sharesOf = (originalId: number) =>
  Post.query().where('shared_post_id', originalId).whereNull('deleted_at')

test.group('Posts / share', (group) => {
  postsGroup(group)

  test('guest cannot share', async ({ client, assert }) => {
    const post = await PostFactory.create()
    const response = await share(client, null, post.id)
    response.assertHeader('location', '/login')
    assert.equal(await tableCount('posts'), 1)
  })

  test('a teammate shares a visible post with a comment; counters follow', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    const response = await share(client, sharer, original.id, 'Must read https://example.com')
    response.assertStatus(302)
    response.assertFlashMessage('success', 'You shared the post.')
    // The sharer's own card shows the new count at once.
    response.assertFlashMessage('shared', { postId: original.id, shares: 1 })
    const [shared] = await sharesOf(original.id)
    assert.equal(shared.authorId, sharer.id)
    assert.equal(shared.audience, 'team')
    assert.equal(shared.status, 'published')
    assert.include(shared.bodyHtml, '<a href="https://example.com"')
    await original.refresh()
    assert.equal(original.sharesCount, 1)
    assert.equal(await postsCountOf(sharer), 1)
  })

  test('the comment is optional', async ({ client, assert }) => {
    const original = await PostFactory.create()
    const response = await share(client, await member(), original.id)
    response.assertStatus(302)
    const [shared] = await sharesOf(original.id)
    assert.equal(shared.bodyHtml, '')
  })

  test('a comment longer than 2000 characters is refused', async ({ client, assert }) => {
    const original = await PostFactory.create()
    const response = await share(client, await member(), original.id, 'x'.repeat(2001), {
      json: true,
    })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'body')
    assert.lengthOf(await sharesOf(original.id), 0)
  })

  test('sharing a share shares the original', async ({ client, assert }) => {
    const original = await PostFactory.create()
    const first = await member()
    await share(client, first, original.id)
    const [firstShare] = await sharesOf(original.id)
    const second = await member()
    await share(client, second, firstShare.id)
    const shares = await sharesOf(original.id)
    assert.sameMembers(
      shares.map((s) => s.authorId),
      [first.id, second.id]
    )
    await original.refresh()
    assert.equal(original.sharesCount, 2)
    await firstShare.refresh()
    assert.equal(firstShare.sharesCount, 0)
  })

  test('sharing the same post twice is refused with a clear message', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    await share(client, sharer, original.id)
    const again = await share(client, sharer, original.id)
    again.assertStatus(302)
    assert.deepEqual(again.flashMessages().inputErrorsBag, {
      share: ['You have already shared this post.'],
    })
    assert.lengthOf(await sharesOf(original.id), 1)
    await original.refresh()
    assert.equal(original.sharesCount, 1)
  })

  test('sharing through a share of a post already shared is refused too', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    const other = await member()
    await share(client, sharer, original.id)
    await share(client, other, original.id)
    const shares = await sharesOf(original.id)
    const otherShare = shares.find((s) => s.authorId === other.id)!
    const response = await share(client, sharer, otherShare.id, undefined, { json: true })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'You have already shared this post.')
  })

  test('after deleting a share, the post can be shared again', async ({ client, assert }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    await share(client, sharer, original.id)
    const [first] = await sharesOf(original.id)
    await client.delete(`/posts/${first.id}`).withCsrfToken().loginAs(sharer).redirects(0)
    const response = await share(client, sharer, original.id, 'Again')
    response.assertFlashMessage('success', 'You shared the post.')
    assert.lengthOf(await sharesOf(original.id), 1)
    await original.refresh()
    assert.equal(original.sharesCount, 1)
  })

  test('one’s own post cannot be shared', async ({ client, assert }) => {
    const author = await member()
    const original = await PostFactory.merge({ authorId: author.id }).create()
    const response = await share(client, author, original.id, undefined, { json: true })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'You cannot share your own post.')
    assert.lengthOf(await sharesOf(original.id), 0)
  })

  test('a pending post cannot be shared, even by an admin who can see it', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.apply('public').apply('pending').create()
    const response = await share(client, await admin(), original.id, undefined, { json: true })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'Only published posts can be shared.')
  })

  test('an invisible post answers 404: team post for an external, blocked author', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const original = await PostFactory.merge({ authorId: author.id }).create()
    const blocked = await member()
    await block(author, blocked)
    for (const user of [await external(), blocked]) {
      const response = await share(client, user, original.id)
      response.assertStatus(404)
    }
    assert.lengthOf(await sharesOf(original.id), 0)
  })

  test('an external shares a public post; the share waits for moderation', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.apply('public').create()
    const outsider = await external()
    const response = await share(client, outsider, original.id)
    response.assertFlashMessage(
      'success',
      'Your share was sent for review: an admin approves public posts before others can see them.'
    )
    response.assertFlashMessage('shared', { postId: original.id, shares: 0 })
    const [shared] = await sharesOf(original.id)
    assert.equal(shared.audience, 'public')
    assert.equal(shared.status, 'pending')
    await original.refresh()
    assert.equal(original.sharesCount, 0, 'a pending share is not counted yet')
  })
})
