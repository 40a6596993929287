import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import drive from '@adonisjs/drive/services/main'
import Post from '#models/post'
import Media from '#models/media'
import type User from '#models/user'
import * as fixtures from '#tests/fixtures/media_files'
import {
  admin,
  block,
  external,
  makeMedia,
  member,
  postsCountOf,
  postsGroup,
  storedFiles,
} from './_support.js'
import { PostFactory } from '#database/factories/post_factory'

type Upload = { name: string; contents: Buffer }

/** Arrays as `name[0]=…` fields, the way the browser's FormData sends them. */
function indexed(fields: Record<string, string | string[]>) {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((v, i) => (flat[`${name}[${i}]`] = v))
    else flat[name] = value
  }
  return flat
}

async function mediaRows(postId: number) {
  const rows = await Media.query().where('post_id', postId)
  return rows.length
}

function update(
  client: ApiClient,
  user: User | null,
  id: number,
  fields: Record<string, string | string[]>,
  files: Upload[] = [],
  { json = false } = {}
) {
  let request = client.put(`/posts/${id}`).withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  if (json) request = request.accept('json')
  if (files.length === 0) return request.form(indexed(fields))
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((v, i) => (request = request.field(`${name}[${i}]`, v)))
    else request = request.field(name, value)
  }
  files.forEach((file, index) => {
    request = request.file(`files[${index}]`, file.contents, { filename: file.name })
  })
  return request
}

test.group('Posts / edit page', (group) => {
  postsGroup(group)

  test('guest is sent to the sign-in page', async ({ client }) => {
    const post = await PostFactory.create()
    const response = await client.get(`/posts/${post.id}/edit`).redirects(0)
    response.assertHeader('location', '/login')
  })

  test('the author gets the edit page with the post and its files', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Draft</p>',
      bodyText: 'Draft',
    }).create()
    const media = await makeMedia(post, await fixtures.png())
    const response = await client.get(`/posts/${post.id}/edit`).loginAs(author).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Homepage/EditPost')
    const props = response.inertiaProps as any
    assert.equal(props.post.bodyHtml, '<p>Draft</p>')
    assert.deepEqual(
      props.post.media.map((item: { id: number }) => item.id),
      [media.id]
    )
    assert.equal(props.post.media[0].url, `/media/${media.id}/original`)
    assert.notProperty(props.post.media[0], 'fileKey')
  })

  test('a teammate who can see the post gets the 403 page', async ({ client }) => {
    const post = await PostFactory.create()
    const response = await client
      .get(`/posts/${post.id}/edit`)
      .loginAs(await member())
      .withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('Errors/Forbidden')
  })

  test('an admin cannot edit someone else’s post', async ({ client }) => {
    const post = await PostFactory.create()
    const response = await client
      .get(`/posts/${post.id}/edit`)
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(403)
  })

  test('people who cannot see the post get the not-found page', async ({ client }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const blocked = await member()
    await block(author, blocked)
    for (const viewer of [await external(), blocked]) {
      const response = await client.get(`/posts/${post.id}/edit`).loginAs(viewer).withInertia()
      response.assertStatus(404)
    }
  })
})

test.group('Posts / update', (group) => {
  postsGroup(group)

  test('guest cannot update a post', async ({ client, assert }) => {
    const post = await PostFactory.merge({ bodyHtml: '<p>Before</p>', bodyText: 'Before' }).create()
    const response = await update(client, null, post.id, { body: '<p>After</p>', audience: 'team' })
    response.assertHeader('location', '/login')
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>Before</p>')
  })

  test('the author changes the text; it is sanitised and searchable', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Before</p>',
      bodyText: 'Before',
    }).create()
    const response = await update(client, author, post.id, {
      body: '<p>After <em>all</em><script>x()</script></p>',
      audience: 'team',
    })
    response.assertStatus(302)
    response.assertHeader('location', `/posts/${post.id}`)
    response.assertFlashMessage('success', 'Your changes are saved.')
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>After <em>all</em></p>')
    assert.equal(post.bodyText, 'After all')
    assert.equal(post.status, 'published')
  })

  test('a teammate cannot update someone else’s post', async ({ client, assert }) => {
    const post = await PostFactory.merge({ bodyHtml: '<p>Mine</p>', bodyText: 'Mine' }).create()
    const response = await update(client, await member(), post.id, {
      body: '<p>Hijacked</p>',
      audience: 'team',
    })
    response.assertStatus(403)
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>Mine</p>')
  })

  test('an external cannot update a team post it cannot see (404)', async ({ client, assert }) => {
    const post = await PostFactory.merge({ bodyHtml: '<p>Mine</p>', bodyText: 'Mine' }).create()
    const response = await update(client, await external(), post.id, {
      body: '<p>x</p>',
      audience: 'public',
    })
    response.assertStatus(404)
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>Mine</p>')
  })

  test('making a team post public sends it back to moderation (rule re-run)', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    assert.equal(await postsCountOf(author), 1)
    const response = await update(client, author, post.id, {
      body: '<p>Hello team</p>',
      audience: 'public',
    })
    response.assertFlashMessage(
      'success',
      'Your changes are saved. Your post was sent for review: an admin approves public posts before others can see them.'
    )
    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.isNull(post.publishedAt)
    assert.equal(await postsCountOf(author), 0)
  })

  test('making a pending public post team-only publishes it', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('public')
      .apply('pending')
      .create()
    await update(client, author, post.id, { body: '<p>Team only</p>', audience: 'team' })
    await post.refresh()
    assert.equal(post.status, 'published')
    assert.isNotNull(post.publishedAt)
    assert.equal(await postsCountOf(author), 1)
  })

  test('editing a rejected post resubmits it and clears the reason', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('public')
      .apply('rejected')
      .create()
    post.rejectionReason = 'Off topic'
    await post.save()
    await update(client, author, post.id, { body: '<p>Better</p>', audience: 'public' })
    await post.refresh()
    assert.equal(post.status, 'pending')
    assert.isNull(post.rejectionReason)
  })

  test('an external cannot move its post to the team feed', async ({ client, assert }) => {
    const author = await external()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('public')
      .apply('pending')
      .create()
    const response = await update(
      client,
      author,
      post.id,
      { body: '<p>x</p>', audience: 'team' },
      [],
      { json: true }
    )
    response.assertStatus(422)
    await post.refresh()
    assert.equal(post.audience, 'public')
  })

  test('removing every file keeps the post when it has text, and deletes the files', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>With photos</p>',
      bodyText: 'With photos',
    }).create()
    const first = await makeMedia(post, await fixtures.png())
    const second = await makeMedia(post, fixtures.pdf(), 'application/pdf')
    assert.lengthOf(storedFiles(), 2)
    const response = await update(client, author, post.id, {
      body: '<p>With photos</p>',
      audience: 'team',
      removeMedia: [String(first.id), String(second.id)],
    })
    response.assertStatus(302)
    await post.refresh()
    assert.equal(post.mediaCount, 0)
    assert.equal(await mediaRows(post.id), 0)
    assert.deepEqual(storedFiles(), [])
  })

  test('removing every file and the text is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Caption</p>',
      bodyText: 'Caption',
    }).create()
    const media = await makeMedia(post, await fixtures.png())
    const response = await update(
      client,
      author,
      post.id,
      { body: '', audience: 'team', removeMedia: [String(media.id)] },
      [],
      { json: true }
    )
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'Write something or attach at least one file.')
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>Caption</p>')
    assert.equal(post.mediaCount, 1)
    assert.lengthOf(storedFiles(), 1)
  })

  test('the text can be emptied when files remain', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Caption</p>',
      bodyText: 'Caption',
    }).create()
    await makeMedia(post, await fixtures.png())
    const response = await update(client, author, post.id, { body: '', audience: 'team' })
    response.assertStatus(302)
    await post.refresh()
    assert.equal(post.bodyHtml, '')
    assert.equal(post.mediaCount, 1)
  })

  test('new files are added after the kept ones', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const kept = await makeMedia(post, await fixtures.png())
    const response = await update(
      client,
      author,
      post.id,
      { body: '<p>More</p>', audience: 'team' },
      [{ name: 'new.jpg', contents: await fixtures.jpeg() }]
    )
    response.assertStatus(302)
    const media = await Media.query().where('post_id', post.id).orderBy('position')
    assert.deepEqual(
      media.map((item) => [item.id === kept.id, item.position]),
      [
        [true, 0],
        [false, 1],
      ]
    )
    await post.refresh()
    assert.equal(post.mediaCount, 2)
  })

  test('adding files beyond ten in total is refused and nothing is stored', async ({
    client,
    assert,
  }) => {
    const author = await member()
    const post = await PostFactory.merge({ authorId: author.id }).create()
    for (let i = 0; i < 9; i++) await makeMedia(post, Buffer.from(`file ${i}`))
    const before = storedFiles()
    const image = await fixtures.png(8, 8)
    const response = await update(
      client,
      author,
      post.id,
      { body: '<p>x</p>', audience: 'team' },
      [
        { name: 'a.png', contents: image },
        { name: 'b.png', contents: image },
      ],
      { json: true }
    )
    response.assertStatus(422)
    assert.equal(
      response.body().errors[0].message,
      'A post can have at most 10 files; it already has 9, so you can add 1 more.'
    )
    assert.deepEqual(storedFiles(), before)
    assert.equal(await mediaRows(post.id), 9)
  })

  test('a refused new file leaves the post and its files untouched', async ({ client, assert }) => {
    const author = await member()
    const post = await PostFactory.merge({
      authorId: author.id,
      bodyHtml: '<p>Before</p>',
      bodyText: 'Before',
    }).create()
    const media = await makeMedia(post, await fixtures.png())
    const response = await update(
      client,
      author,
      post.id,
      { body: '<p>After</p>', audience: 'team', removeMedia: [String(media.id)] },
      [{ name: 'evil.png', contents: fixtures.htmlDisguisedAsPng() }],
      { json: true }
    )
    response.assertStatus(422)
    await post.refresh()
    assert.equal(post.bodyHtml, '<p>Before</p>')
    assert.isNotNull(await Media.find(media.id))
    assert.isTrue(await drive.use().exists(media.fileKey))
  })

  test('media of another post cannot be removed through this one', async ({ client, assert }) => {
    const author = await member()
    const mine = await PostFactory.merge({ authorId: author.id }).create()
    const other = await PostFactory.create()
    const theirs = await makeMedia(other, await fixtures.png())
    await update(client, author, mine.id, {
      body: '<p>x</p>',
      audience: 'team',
      removeMedia: [String(theirs.id)],
    })
    assert.isNotNull(await Media.find(theirs.id))
  })

  test('a share keeps its original and audience; only its comment changes', async ({
    client,
    assert,
  }) => {
    const original = await PostFactory.create()
    const sharer = await member()
    const share = await PostFactory.merge({
      authorId: sharer.id,
      sharedPostId: original.id,
      bodyHtml: '',
      bodyText: '',
    }).create()
    const response = await update(client, sharer, share.id, {
      body: 'Worth a read <b>now</b>',
      audience: 'public',
    })
    response.assertStatus(302)
    const fresh = await Post.findOrFail(share.id)
    assert.equal(fresh.sharedPostId, original.id)
    assert.equal(fresh.audience, 'team')
    assert.equal(fresh.bodyHtml, '<p>Worth a read &lt;b&gt;now&lt;/b&gt;</p>')
  })
})
