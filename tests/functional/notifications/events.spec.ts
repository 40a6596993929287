import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import User from '#models/user'
import Post from '#models/post'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import SharePost from '#actions/posts/share_post'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import CreateComment from '#actions/engagement/create_comment'
import RegisterUser from '#actions/auth/register_user'
import ApproveExternal from '#actions/admin/approve_external'
import { getSettings } from '#services/settings'
import { block } from '#tests/functional/feeds/fixtures'
import {
  kindsOf,
  notificationsOf,
  recordBroadcasts,
  userChannel,
} from '#tests/functional/notifications/_support'
import MessageSent from '#events/message_sent'
import PostAnnounced from '#events/post_announced'
import PostModerated from '#events/post_moderated'
import ReportResolved from '#events/report_resolved'
import PersonTransformer from '#transformers/person_transformer'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Domain events → notifications (PRODUCT §6), one test per kind, through
 * the features' own actions where they exist (the event is emitted by the
 * action after its commit), else by emitting the feature's event.
 */
const mention = (user: User) =>
  `<span data-type="mention" class="mention" data-id="${user.id}" data-label="${user.username}">@${user.username}</span>`

test.group('Notifications / events → notifications', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const live = recordBroadcasts(group)

  test('post liked: the author is told, live, once per person', async ({ assert }) => {
    const [author, fan] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await new TogglePostLike().handle(fan, post, true)
    const [row] = await notificationsOf(author)
    assert.include(row, { kind: 'post_liked', actor_id: fan.id, target_type: 'post' })
    assert.equal(row.target_id, post.id)
    const pushed = live.on(userChannel(author), 'NotificationCreated')
    assert.lengthOf(pushed, 1)
    assert.equal(pushed[0].data.unreadCount, 1)
    assert.equal(pushed[0].data.notification.kind, 'post_liked')
    assert.deepEqual(
      pushed[0].data.notification.actors.map((a: any) => a.username),
      [fan.username]
    )
    assert.notProperty(pushed[0].data.notification.actors[0], 'email')
    // Unlike and like again: nobody is told twice.
    await new TogglePostLike().handle(fan, post, false)
    await new TogglePostLike().handle(fan, post, true)
    assert.lengthOf(await notificationsOf(author), 1)
  })

  test('comment liked: the comment author is told, linked to the comment', async ({ assert }) => {
    const [author, commenter, fan] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const { comment } = await new CreateComment().handle(commenter, post, 'Hello')
    await new ToggleCommentLike().handle(fan, comment, true)
    const [row] = await notificationsOf(commenter)
    assert.include(row, { kind: 'comment_liked', target_type: 'comment', actor_id: fan.id })
    assert.equal(row.data.postId, post.id)
  })

  test('new comment: the post author is told, with the comment anchor', async ({ assert }) => {
    const [author, commenter] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    const { comment } = await new CreateComment().handle(commenter, post, 'First!')
    const [row] = await notificationsOf(author)
    assert.include(row, { kind: 'post_commented', actor_id: commenter.id, target_id: post.id })
    assert.equal(row.data.commentId, comment.id)
    // Commenting on one's own post tells nobody.
    await new CreateComment().handle(author, post, 'Thanks')
    assert.lengthOf(await notificationsOf(author), 1)
  })

  test('tagged in a post: on create, and on edit only the newly tagged', async ({ assert }) => {
    const [author, ana, bo] = await UserFactory.createMany(3)
    const post = await new CreatePost().handle({
      author,
      body: `<p>Hi ${mention(ana)}</p>`,
      audience: 'team',
      files: [],
    })
    assert.deepEqual(await kindsOf(ana), ['post_mentioned'])
    await new UpdatePost().handle({
      post,
      author,
      body: `<p>Hi ${mention(ana)} and ${mention(bo)}</p>`,
      audience: 'team',
      files: [],
    })
    assert.deepEqual(await kindsOf(ana), ['post_mentioned'])
    assert.deepEqual(await kindsOf(bo), ['post_mentioned'])
  })

  test('tagged in a post waiting for moderation: told only once it is approved', async ({
    assert,
  }) => {
    const [author, ana] = await UserFactory.createMany(2)
    const post = await new CreatePost().handle({
      author,
      body: `<p>Public hello ${mention(ana)}</p>`,
      audience: 'public',
      files: [],
    })
    assert.equal(post.status, 'pending')
    assert.deepEqual(await kindsOf(ana), [])
    await Post.query().where('id', post.id).update({ status: 'published' })
    await PostModerated.dispatch({
      postId: post.id,
      authorId: author.id,
      moderatorId: null,
      decision: 'approved',
    })
    assert.deepEqual(await kindsOf(ana), ['post_mentioned'])
    assert.deepEqual(await kindsOf(author), ['post_approved'])
  })

  test('post shared: the original author is told', async ({ assert }) => {
    const [author, sharer] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    await new SharePost().handle({ sharer, post })
    const [row] = await notificationsOf(author)
    assert.include(row, { kind: 'post_shared', actor_id: sharer.id, target_id: post.id })
  })

  test('announcement by an admin: every active member who may see it, not the author', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const [ana, bo] = await UserFactory.createMany(2)
    const inactive = await UserFactory.apply('inactive').create()
    const externalUser = await UserFactory.apply('external').create()
    const blocker = await UserFactory.create()
    await block(blocker, admin)
    const post = await PostFactory.merge({ authorId: admin.id }).apply('team').create()
    await PostAnnounced.dispatch({ postId: post.id, authorId: admin.id })
    assert.deepEqual(await kindsOf(ana), ['announcement'])
    assert.deepEqual(await kindsOf(bo), ['announcement'])
    assert.deepEqual(await kindsOf(admin), [])
    assert.deepEqual(await kindsOf(inactive), [])
    assert.deepEqual(await kindsOf(externalUser), [], 'a team post is not for externals')
    assert.deepEqual(await kindsOf(blocker), [])
    assert.lengthOf(live.on(userChannel(ana), 'NotificationCreated'), 1)
  })

  test('new message: the recipient is told, grouped per conversation', async ({ assert }) => {
    const [ana, bo] = await UserFactory.createMany(2)
    for (const messageId of [1, 2]) {
      await MessageSent.dispatch({
        messageId,
        conversationId: 77,
        senderId: ana.id,
        recipientId: bo.id,
        // What the participants' channels get (this test is about the bell).
        message: { id: messageId } as MessageSent['message'],
        from: new PersonTransformer(ana).toObject(),
        to: new PersonTransformer(bo).toObject(),
        recipientUnread: messageId,
        socketId: null,
      })
    }
    const rows = await notificationsOf(bo)
    assert.lengthOf(rows, 1)
    assert.include(rows[0], { kind: 'message_received', target_type: 'conversation' })
    assert.equal(rows[0].target_id, 77)
  })

  test('registration awaiting approval: every active admin is told', async ({ assert }) => {
    mail.fake()
    try {
      const [admin, inactiveAdmin] = [
        await UserFactory.apply('admin').create(),
        await UserFactory.apply('admin').apply('inactive').create(),
      ]
      const settings = { ...(await getSettings()), registrationMode: 'open' as const }
      const result = await new RegisterUser().handle({
        fullName: 'Eve Outsider',
        username: 'eve.outsider',
        email: 'eve@outside.example',
        password: 'Maple-Violin-42!',
        invitation: null,
        settings,
      })
      assert.isTrue(result.ok)
      const registrant = await User.findByOrFail('email', 'eve@outside.example')
      const [row] = await notificationsOf(admin)
      assert.include(row, { kind: 'registration_pending', actor_id: registrant.id })
      assert.deepEqual(await kindsOf(inactiveAdmin), [])
    } finally {
      mail.restore()
    }
  })

  test('account approved: the person is told', async ({ assert }) => {
    mail.fake()
    try {
      const pending = await UserFactory.apply('external').apply('pending').create()
      await new ApproveExternal().handle(pending)
      assert.deepEqual(await kindsOf(pending), ['account_approved'])
    } finally {
      mail.restore()
    }
  })

  test('post rejected: the author is told with the reason', async ({ assert }) => {
    const author = await UserFactory.create()
    const post = await PostFactory.merge({ authorId: author.id })
      .apply('rejected')
      .apply('public')
      .create()
    await PostModerated.dispatch({
      postId: post.id,
      authorId: author.id,
      moderatorId: null,
      decision: 'rejected',
      reason: 'Off topic',
    })
    const [row] = await notificationsOf(author)
    assert.equal(row.kind, 'post_rejected')
    assert.equal(row.data.reason, 'Off topic')
  })

  test('report resolved: the reporter is told', async ({ assert }) => {
    const [reporter, admin] = [
      await UserFactory.create(),
      await UserFactory.apply('admin').create(),
    ]
    await ReportResolved.dispatch({
      reportId: 5,
      reporterId: reporter.id,
      resolverId: admin.id,
    })
    assert.deepEqual(await kindsOf(reporter), ['report_resolved'])
  })

  test('never about blocked people, in either direction', async ({ assert }) => {
    const [author, blocked, blocker] = await UserFactory.createMany(3)
    const post = await PostFactory.merge({ authorId: author.id }).apply('public').create()
    await block(author, blocked)
    await block(blocker, author)
    await new TogglePostLike().handle(blocked, post, true)
    await new TogglePostLike().handle(blocker, post, true)
    assert.deepEqual(await kindsOf(author), [])
    assert.lengthOf(live.on(userChannel(author), 'NotificationCreated'), 0)
  })

  test('a failing listener never breaks the action that emitted the event', async ({ assert }) => {
    const [author, fan] = await UserFactory.createMany(2)
    const post = await PostFactory.merge({ authorId: author.id }).create()
    // The recipient does not exist any more: nothing stored, no error.
    await db.from('users').where('id', author.id).update({ is_active: false })
    const result = await new TogglePostLike().handle(fan, post, true)
    assert.deepEqual(result, { liked: true, likes: 1 })
    assert.deepEqual(await kindsOf(author), [])
  })
})
