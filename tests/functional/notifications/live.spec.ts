import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import SharePost from '#actions/posts/share_post'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import CreateComment from '#actions/engagement/create_comment'
import DeleteComment from '#actions/engagement/delete_comment'
import { block } from '#tests/functional/feeds/fixtures'
import { recordBroadcasts } from '#tests/functional/notifications/_support'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Live everywhere (issue 4 §4): counts on post channels after likes,
 * comments and shares; new post ids on the feed channels; the "N new
 * posts" count by the visibility rule.
 */
const json = { accept: 'application/json' }

test.group('Live / post counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const live = recordBroadcasts(group)

  test('like, unlike, comment, delete comment and share publish the exact counts', async ({
    assert,
  }) => {
    const [author, fan, sharer] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const channel = `private-App.Models.Post.${post.id}`
    await new TogglePostLike().handle(fan, post, true)
    await new TogglePostLike().handle(fan, post, false)
    const { comment } = await new CreateComment().handle(fan, post, 'Hi')
    await new DeleteComment().handle(comment)
    await new SharePost().handle({ sharer, post })
    const counts = live.on(channel, 'PostCountsUpdated').map((item) => item.data)
    assert.deepEqual(counts, [
      { postId: post.id, likes: 1, comments: 0, shares: 0 },
      { postId: post.id, likes: 0, comments: 0, shares: 0 },
      { postId: post.id, likes: 0, comments: 1, shares: 0 },
      { postId: post.id, likes: 0, comments: 0, shares: 0 },
      { postId: post.id, likes: 0, comments: 0, shares: 1 },
    ])
  })

  test('nothing changed, nothing published (liking twice)', async ({ assert }) => {
    const [author, fan] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await new TogglePostLike().handle(fan, post, true)
    await new TogglePostLike().handle(fan, post, true)
    assert.lengthOf(live.on(`private-App.Models.Post.${post.id}`, 'PostCountsUpdated'), 1)
  })
})

test.group('Live / new posts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const live = recordBroadcasts(group)

  test('a published team post goes to the team feed channel only; public to both', async ({
    assert,
  }) => {
    const author = await UserFactory.create()
    const adminAuthor = await UserFactory.apply('admin').create()
    const team = await new CreatePost().handle({
      author,
      body: '<p>Team</p>',
      audience: 'team',
      files: [],
    })
    const pub = await new CreatePost().handle({
      author: adminAuthor,
      body: '<p>Public</p>',
      audience: 'public',
      files: [],
    })
    assert.deepEqual(
      live.on('private-App.Feed.team', 'PostPublished').map((item) => item.data),
      [{ postId: team.id }, { postId: pub.id }]
    )
    assert.deepEqual(
      live.on('private-App.Feed.public', 'PostPublished').map((item) => item.data),
      [{ postId: pub.id }]
    )
  })

  test('an edit that publishes a pending post announces it then', async ({ assert }) => {
    const author = await UserFactory.create()
    const post = await new CreatePost().handle({
      author,
      body: '<p>Public first</p>',
      audience: 'public',
      files: [],
    })
    assert.equal(post.status, 'pending')
    await new UpdatePost().handle({
      post,
      author,
      body: '<p>Team now</p>',
      audience: 'team',
      files: [],
    })
    assert.deepEqual(
      live.on('private-App.Feed.team', 'PostPublished').map((item) => item.data),
      [{ postId: post.id }]
    )
  })

  test('a post waiting for moderation is not announced', async ({ assert }) => {
    const author = await UserFactory.create()
    await new CreatePost().handle({ author, body: '<p>Pending</p>', audience: 'public', files: [] })
    assert.lengthOf(
      live.all.filter((item) => item.event.endsWith('PostPublished')),
      0
    )
  })

  test('the new posts count follows the visibility rule', async ({ client, assert }) => {
    const [viewer, friend, blocked] = await UserFactory.createMany(3)
    const external = await UserFactory.apply('external').create()
    const top = await PostFactory.merge({ authorId: friend.id }).create()
    await PostFactory.merge({ authorId: friend.id }).create() // visible
    await PostFactory.merge({ authorId: friend.id }).apply('public').create() // visible
    await PostFactory.merge({ authorId: blocked.id }).create() // hidden: blocked
    await PostFactory.merge({ authorId: friend.id }).apply('pending').create() // hidden: not published
    await PostFactory.merge({ authorId: viewer.id }).create() // own: not counted
    await block(viewer, blocked)
    const team = await client.get(`/feeds/team/new?after=${top.id}`).headers(json).loginAs(viewer)
    team.assertStatus(200)
    assert.deepEqual(team.body(), { count: 2, more: false })
    // An empty list asks from 0: everything visible counts.
    const fromStart = await client.get('/feeds/team/new?after=0').headers(json).loginAs(viewer)
    assert.deepEqual(fromStart.body(), { count: 3, more: false })
    const pub = await client.get(`/feeds/public/new?after=${top.id}`).headers(json).loginAs(viewer)
    assert.deepEqual(pub.body(), { count: 1, more: false })
    const forExternal = await client
      .get(`/feeds/public/new?after=${top.id}`)
      .headers(json)
      .loginAs(external)
    assert.deepEqual(forExternal.body(), { count: 1, more: false })
  })

  test('bad input: unknown feed 404, team feed for externals 404, missing or bad "after" 400, guests 401', async ({
    client,
  }) => {
    const viewer = await UserFactory.create()
    const external = await UserFactory.apply('external').create()
    const cases: [ReturnType<typeof client.get>, number][] = [
      [client.get('/feeds/secret/new?after=1').headers(json).loginAs(viewer), 404],
      [client.get('/feeds/team/new?after=1').headers(json).loginAs(external), 404],
      [client.get('/feeds/team/new').headers(json).loginAs(viewer), 400],
      [client.get('/feeds/team/new?after=-3').headers(json).loginAs(viewer), 400],
      [client.get('/feeds/team/new?after=1').headers(json), 401],
      [client.get('/feeds/team/new?after=1').loginAs(viewer), 406],
    ]
    for (const [request, status] of cases) {
      const response = await request
      response.assertStatus(status)
    }
  })
})
