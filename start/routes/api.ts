import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { documented } from '#services/api/openapi'
import { ApiProblem } from '#services/api/problem'
import { createPostValidator, sharePostValidator, updatePostValidator } from '#validators/post'
import { createCommentValidator } from '#validators/comment'
import { createReportValidator } from '#validators/people'
import { REPORTS_PER_DAY } from '#enums/report_reason'
import { TOP_LIMIT, TOP_WINDOW_DAYS } from '#queries/feeds/feeds'
import {
  apiDirectoryValidator,
  apiPageValidator,
  apiPostSearchValidator,
  apiReportsValidator,
  apiAdminPeopleValidator,
} from '#validators/api'
import { markReadValidator, sendMessageValidator } from '#validators/message'
import { bulkModerationValidator, reportDecisionValidator } from '#validators/admin_post'
import { blockUserValidator, changeRoleValidator } from '#validators/admin_people'
import { rejectExternalValidator } from '#validators/admin'
import { MAX_FILES_PER_POST } from '#services/media_storage'
import { MAX_MESSAGE_FILES } from '#services/messages/messaging_rules'

const MeController = () => import('#controllers/api/me_controller')
const FeedsController = () => import('#controllers/api/feeds_controller')
const PeopleController = () => import('#controllers/api/people_controller')
const PostsController = () => import('#controllers/api/posts_controller')
const CommentsController = () => import('#controllers/api/comments_controller')
const LikesController = () => import('#controllers/api/likes_controller')
const NotificationsController = () => import('#controllers/api/notifications_controller')
const SearchController = () => import('#controllers/api/search_controller')
const MessagesController = () => import('#controllers/api/messages_controller')
const AlbumsController = () => import('#controllers/api/albums_controller')
const MediaController = () => import('#controllers/api/media_controller')
const DocsController = () => import('#controllers/api/docs_controller')
const AdminController = () => import('#controllers/api/admin_controller')
const AdminPeopleController = () => import('#controllers/api/admin_people_controller')

/**
 * The public JSON API (issue 14), /api/v1: personal access tokens only
 * (no session, no CSRF: app/middleware/web_only.ts), errors as problem
 * details, a rate limit per token. `documented()` describes each route for
 * the OpenAPI document AND puts the token check with its scope on it
 * (app/services/api/openapi.ts). Same rules as the web app: the same
 * queries, actions, policies, validators and per-user limits.
 */
router
  .group(() => {
    documented(router.get('/me', [MeController, 'show']).as('api.me'), {
      tag: 'Account',
      summary: 'The token’s owner',
      description: 'Who the token belongs to, with their unread counters.',
      scope: 'read',
      ok: { status: 200, schema: 'Me', description: 'The owner.' },
      etag: true,
    })

    documented(router.get('/feeds/team', [FeedsController, 'team']).as('api.feeds.team'), {
      tag: 'Feeds',
      summary: 'The team feed',
      description:
        'Published team and public posts, newest first (members and admins; externals get 403).',
      scope: 'read',
      query: apiPageValidator,
      ok: { status: 200, schema: 'PostPage', description: 'A page of posts.' },
      errors: [400, 422],
      etag: true,
    })
    documented(
      router.get('/feeds/public', [FeedsController, 'publicFeed']).as('api.feeds.public'),
      {
        tag: 'Feeds',
        summary: 'The public feed',
        description: 'Published public posts, newest first.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'PostPage', description: 'A page of posts.' },
        errors: [400, 422],
        etag: true,
      }
    )
    documented(router.get('/feeds/mine', [FeedsController, 'mine']).as('api.feeds.mine'), {
      tag: 'Feeds',
      summary: 'My posts',
      description:
        'The owner’s own posts and shares, whatever their `status` (published, pending, rejected), newest first (as on the My posts page).',
      scope: 'read',
      query: apiPageValidator,
      ok: { status: 200, schema: 'PostPage', description: 'A page of posts.' },
      errors: [400, 422],
      etag: true,
    })
    documented(router.get('/feeds/liked', [FeedsController, 'liked']).as('api.feeds.liked'), {
      tag: 'Feeds',
      summary: 'Posts I liked',
      description:
        'Published posts the owner liked and may still see, the most recently liked first (as on the Liked posts page).',
      scope: 'read',
      query: apiPageValidator,
      ok: { status: 200, schema: 'PostPage', description: 'A page of posts.' },
      errors: [400, 422],
      etag: true,
    })
    documented(router.get('/feeds/top', [FeedsController, 'top']).as('api.feeds.top'), {
      tag: 'Feeds',
      summary: 'Top posts',
      description: `The posts published in the last ${TOP_WINDOW_DAYS} days that the owner may see, with at least one like and one comment, ranked by likes + comments (ties: more likes, then newer); at most ${TOP_LIMIT}, in one page (as on the Top posts page).`,
      scope: 'read',
      ok: { status: 200, schema: 'TopPostPage', description: 'The top posts.' },
      etag: true,
    })
    documented(router.get('/people', [SearchController, 'people']).as('api.people.index'), {
      tag: 'People',
      summary: 'The people directory',
      description:
        'The team’s people (members and admins; externals get 403), as on the search page: without `q` the whole directory in `sort` order (`name`, `active`, `newest`); with `q`, the people whose name or username starts with each word (by name). Never an e-mail address.',
      scope: 'read',
      query: apiDirectoryValidator,
      ok: { status: 200, schema: 'PersonResultPage', description: 'A page of people.' },
      errors: [400, 422],
      etag: true,
    }).use(middleware.userThrottle({ limit: 'searches' }))
    documented(router.get('/search/posts', [SearchController, 'posts']).as('api.search.posts'), {
      tag: 'Search',
      summary: 'Search posts',
      description:
        'The published posts the token’s owner may see that contain every word of `q` (full-text, as the search page), newest first, each with a snippet around the match.',
      scope: 'read',
      query: apiPostSearchValidator,
      ok: { status: 200, schema: 'PostResultPage', description: 'A page of posts found.' },
      errors: [400, 422],
      etag: true,
    }).use(middleware.userThrottle({ limit: 'searches' }))

    documented(router.get('/people/:username', [PeopleController, 'show']).as('api.people.show'), {
      tag: 'People',
      summary: 'A person’s profile',
      description:
        'Name, username, images, bio, role, join date and activity counts of a person the token’s owner may see (as on their profile page; never an e-mail address). `blockedByMe`: the owner blocked them.',
      scope: 'read',
      ok: { status: 200, schema: 'Profile', description: 'The profile.' },
      errors: [404],
      etag: true,
    })
    documented(
      router.get('/people/:username/posts', [FeedsController, 'person']).as('api.people.posts'),
      {
        tag: 'Feeds',
        summary: 'A person’s posts',
        description:
          'The posts of a person that the token’s owner may see, newest first (as on their profile).',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'PostPage', description: 'A page of posts.' },
        errors: [400, 404, 422],
        etag: true,
      }
    )

    documented(
      router.put('/people/:username/block', [PeopleController, 'block']).as('api.people.block'),
      {
        tag: 'People',
        summary: 'Block a person',
        description:
          'The owner blocks a person (idempotent): from then on neither sees the other’s posts, comments, shares or messages, as on the web. Never oneself (422); an unknown account is a 404.',
        scope: 'write',
        ok: { status: 200, schema: 'BlockState', description: 'Blocked.' },
        errors: [404, 422],
      }
    )
    documented(
      router
        .delete('/people/:username/block', [PeopleController, 'unblock'])
        .as('api.people.unblock'),
      {
        tag: 'People',
        summary: 'Unblock a person',
        description: 'The owner takes a block back (idempotent).',
        scope: 'write',
        ok: { status: 200, schema: 'BlockState', description: 'Not blocked.' },
        errors: [404],
      }
    )
    documented(router.post('/reports', [PeopleController, 'report']).as('api.reports.store'), {
      tag: 'People',
      summary: 'Report a post or a person',
      description: `Reports a post or a person the owner may see to the administrators, with a reason from the list and optional details, as the web Report dialog: never one’s own post nor oneself (422), one report per post or person (409), at most ${REPORTS_PER_DAY} a day (429). The person is not told who reported them.`,
      scope: 'write',
      body: createReportValidator,
      ok: { status: 201, schema: 'ReportCreated', description: 'The report, sent.' },
      errors: [404, 409, 422],
    })

    documented(router.get('/posts/:id', [PostsController, 'show']).as('api.posts.show'), {
      tag: 'Posts',
      summary: 'A post',
      description: 'One post the token’s owner may see.',
      scope: 'read',
      ok: { status: 200, schema: 'Post', description: 'The post.' },
      errors: [404],
      etag: true,
    })
    documented(router.post('/posts', [PostsController, 'store']).as('api.posts.store'), {
      tag: 'Posts',
      summary: 'Write a post',
      description:
        'Publishes a post (`body`: HTML or plain text, sanitised as in the composer; `audience`). ' +
        'Public posts of external accounts wait for moderation (`status: pending`). ' +
        'As multipart/form-data, up to 10 files may come along.',
      scope: 'write',
      body: createPostValidator,
      files: {
        field: 'files',
        max: MAX_FILES_PER_POST,
        description: 'Images, videos or PDFs (checked by content).',
      },
      ok: { status: 201, schema: 'PostCreated', description: 'The new post.' },
      errors: [400, 422],
      idempotent: true,
    })
      .use(middleware.userThrottle({ limit: 'posts' }))
      .use(middleware.uploadsThrottle())

    documented(router.put('/posts/:id', [PostsController, 'update']).as('api.posts.update'), {
      tag: 'Posts',
      summary: 'Edit a post',
      description:
        'The author edits their post as in the web editor: new `body` and `audience`, `removeMedia` (ids of its files to remove) and, as multipart/form-data, new `files` (at most 10 in all). Only the author (403); an external’s public post goes back to moderation.',
      scope: 'write',
      body: updatePostValidator,
      files: {
        field: 'files',
        max: MAX_FILES_PER_POST,
        description: 'Images, videos or PDFs to add (checked by content).',
      },
      ok: { status: 200, schema: 'PostSaved', description: 'The post as saved.' },
      errors: [400, 404, 422],
    }).use(middleware.uploadsThrottle())
    documented(router.delete('/posts/:id', [PostsController, 'destroy']).as('api.posts.destroy'), {
      tag: 'Posts',
      summary: 'Delete a post',
      description:
        'Deletes a post: its author, or an admin (audited). Others get 403; a post the owner may not see is a 404.',
      scope: 'write',
      ok: { status: 200, schema: 'PostDeleted', description: 'Deleted.' },
      errors: [404],
    })
    documented(router.post('/posts/:id/share', [PostsController, 'share']).as('api.posts.share'), {
      tag: 'Posts',
      summary: 'Share a post',
      description:
        'Shares a published post of someone else to the owner’s followers (a share of a share shares its original), with an optional comment in `body`, as on the web. The share of an external waits for moderation (`status: pending`).',
      scope: 'write',
      body: sharePostValidator,
      ok: { status: 201, schema: 'ShareCreated', description: 'The share.' },
      errors: [400, 404, 422],
    }).use(middleware.userThrottle({ limit: 'shares' }))

    documented(
      router.get('/posts/:id/comments', [CommentsController, 'index']).as('api.comments.index'),
      {
        tag: 'Comments',
        summary: 'Comments of a post',
        description: 'The comments the token’s owner may see, oldest first.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'CommentPage', description: 'A page of comments.' },
        errors: [400, 404, 422],
        etag: true,
      }
    )
    documented(
      router.post('/posts/:id/comments', [CommentsController, 'store']).as('api.comments.store'),
      {
        tag: 'Comments',
        summary: 'Comment on a post',
        description:
          'A comment (plain text, at most 2000 characters) on a published post; as multipart/form-data, up to 4 `images`.',
        scope: 'write',
        body: createCommentValidator,
        files: { field: 'images', max: 4, description: 'Images (checked by content).' },
        ok: { status: 201, schema: 'CommentCreated', description: 'The new comment.' },
        errors: [400, 404, 409, 422],
        idempotent: true,
      }
    )
      .use(middleware.userThrottle({ limit: 'comments' }))
      .use(middleware.uploadsThrottle())

    documented(router.put('/posts/:id/like', [LikesController, 'like']).as('api.posts.like'), {
      tag: 'Likes',
      summary: 'Like a post',
      description: 'Likes a published post (idempotent).',
      scope: 'write',
      ok: { status: 200, schema: 'LikeState', description: 'The like and the post’s count.' },
      errors: [404, 409],
    }).use(middleware.userThrottle({ limit: 'likes' }))
    documented(
      router.delete('/posts/:id/like', [LikesController, 'unlike']).as('api.posts.unlike'),
      {
        tag: 'Likes',
        summary: 'Unlike a post',
        description: 'Takes the like back (idempotent).',
        scope: 'write',
        ok: { status: 200, schema: 'LikeState', description: 'The like and the post’s count.' },
        errors: [404, 409],
      }
    ).use(middleware.userThrottle({ limit: 'likes' }))

    documented(
      router.get('/posts/:id/likes', [LikesController, 'postLikers']).as('api.posts.likers'),
      {
        tag: 'Likes',
        summary: 'Who liked a post',
        description:
          'The people who liked a post the owner may see (those the owner may see), the most recent first.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'LikerPage', description: 'A page of people.' },
        errors: [400, 404, 422],
        etag: true,
      }
    )
    documented(
      router.delete('/comments/:id', [CommentsController, 'destroy']).as('api.comments.destroy'),
      {
        tag: 'Comments',
        summary: 'Delete a comment',
        description:
          'Deletes a comment: its author, the post’s author or an admin (others: 403); a comment the owner may not see is a 404.',
        scope: 'write',
        ok: {
          status: 200,
          schema: 'CommentDeleted',
          description: 'Deleted, with the post’s count.',
        },
        errors: [404],
      }
    )
    documented(
      router.put('/comments/:id/like', [LikesController, 'likeComment']).as('api.comments.like'),
      {
        tag: 'Likes',
        summary: 'Like a comment',
        description: 'Likes a comment on a published post (idempotent).',
        scope: 'write',
        ok: { status: 200, schema: 'LikeState', description: 'The like and the comment’s count.' },
        errors: [404, 409],
      }
    ).use(middleware.userThrottle({ limit: 'likes' }))
    documented(
      router
        .delete('/comments/:id/like', [LikesController, 'unlikeComment'])
        .as('api.comments.unlike'),
      {
        tag: 'Likes',
        summary: 'Unlike a comment',
        description: 'Takes the like of a comment back (idempotent).',
        scope: 'write',
        ok: { status: 200, schema: 'LikeState', description: 'The like and the comment’s count.' },
        errors: [404, 409],
      }
    ).use(middleware.userThrottle({ limit: 'likes' }))
    documented(
      router
        .get('/comments/:id/likes', [LikesController, 'commentLikers'])
        .as('api.comments.likers'),
      {
        tag: 'Likes',
        summary: 'Who liked a comment',
        description:
          'The people who liked a comment the owner may see (those the owner may see), the most recent first.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'LikerPage', description: 'A page of people.' },
        errors: [400, 404, 422],
        etag: true,
      }
    )

    documented(
      router
        .get('/notifications', [NotificationsController, 'index'])
        .as('api.notifications.index'),
      {
        tag: 'Notifications',
        summary: 'Notifications',
        description: 'The owner’s notifications, newest first.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'NotificationPage', description: 'A page of notifications.' },
        errors: [400, 422],
        etag: true,
      }
    )
    documented(
      router
        .get('/notifications/unread-count', [NotificationsController, 'unread'])
        .as('api.notifications.unread'),
      {
        tag: 'Notifications',
        summary: 'Unread count',
        description: 'How many of the owner’s notifications are unread.',
        scope: 'read',
        ok: { status: 200, schema: 'UnreadCount', description: 'The count.' },
        etag: true,
      }
    )
    documented(
      router
        .post('/notifications/read-all', [NotificationsController, 'readAll'])
        .as('api.notifications.read_all'),
      {
        tag: 'Notifications',
        summary: 'Mark all read',
        description: 'Marks every notification of the owner read.',
        scope: 'write',
        ok: { status: 200, schema: 'ReadAll', description: 'How many changed.' },
      }
    )
    documented(
      router
        .post('/notifications/:id/read', [NotificationsController, 'read'])
        .as('api.notifications.read'),
      {
        tag: 'Notifications',
        summary: 'Mark one read',
        description: 'Marks one of the owner’s notifications read.',
        scope: 'write',
        ok: { status: 200, schema: 'UnreadCount', description: 'The unread count after it.' },
        errors: [404],
      }
    )

    documented(
      router.get('/conversations', [MessagesController, 'index']).as('api.conversations.index'),
      {
        tag: 'Messages',
        summary: 'Conversations',
        description:
          'The owner’s conversations, the latest activity first (the 100 latest, as on the messages page; none across a block), with the other person, the unread count and the last message’s first line.',
        scope: 'read',
        ok: { status: 200, schema: 'ConversationPage', description: 'The conversations.' },
        etag: true,
      }
    )
    documented(
      router
        .get('/conversations/:username/messages', [MessagesController, 'history'])
        .as('api.messages.index'),
      {
        tag: 'Messages',
        summary: 'A conversation’s messages',
        description:
          'The owner’s conversation with a person: the latest 30 messages, oldest first; `links.next` is the page before them. Empty if the two never wrote. Reading writes nothing: mark it read with POST …/read. 403 for oneself and across a block.',
        scope: 'read',
        query: apiPageValidator,
        ok: { status: 200, schema: 'MessagePage', description: 'A page of messages.' },
        errors: [400, 404, 422],
        etag: true,
      }
    )
    documented(
      router
        .post('/conversations/:username/messages', [MessagesController, 'store'])
        .as('api.messages.store'),
      {
        tag: 'Messages',
        summary: 'Send a message',
        description:
          'A private message (plain text, at most 4000 characters) to a person, as the web conversation sends it: refused (403) to oneself, across a block, to an inactive account or to an external who has not written first. As multipart/form-data, up to 5 `files` (images or PDF).',
        scope: 'write',
        body: sendMessageValidator,
        files: {
          field: 'files',
          max: MAX_MESSAGE_FILES,
          description: 'Images or PDFs (checked by content).',
        },
        ok: { status: 201, schema: 'MessageSent', description: 'The message sent.' },
        errors: [400, 404, 422],
        idempotent: true,
      }
    ).use(middleware.uploadsThrottle())
    documented(
      router
        .post('/conversations/:username/typing', [MessagesController, 'typing'])
        .as('api.messages.typing'),
      {
        tag: 'Messages',
        summary: 'Say the owner is typing',
        description:
          'Tells the other person the owner is typing: their sockets get `App\\Events\\UserTyping` (`{ user }`) on their private channel `private-App.Models.User.{id}`, as the web composer does. At most one event every 2 seconds per person: more calls are accepted and not repeated; sending a message starts the 2 seconds afresh. Refused (403) where a message would be.',
        scope: 'write',
        ok: { status: 204, description: 'Said (or already said in the last 2 seconds).' },
        errors: [404],
      }
    )
    documented(
      router
        .post('/conversations/:username/read', [MessagesController, 'read'])
        .as('api.messages.read'),
      {
        tag: 'Messages',
        summary: 'Mark a conversation read',
        description:
          'The owner has read the conversation with a person, up to the message `upTo` (all of it without). The other person sees “Seen”.',
        scope: 'write',
        body: markReadValidator,
        ok: { status: 200, schema: 'ReadState', description: 'How far it is read.' },
        errors: [404, 422],
      }
    )

    documented(router.get('/albums/photos', [AlbumsController, 'photos']).as('api.albums.photos'), {
      tag: 'Albums',
      summary: 'My photos',
      description: 'The images of the owner’s own posts (any status), newest first.',
      scope: 'read',
      query: apiPageValidator,
      ok: { status: 200, schema: 'MediaPage', description: 'A page of images.' },
      errors: [400, 422],
      etag: true,
    })
    documented(router.get('/albums/videos', [AlbumsController, 'videos']).as('api.albums.videos'), {
      tag: 'Albums',
      summary: 'My videos',
      description: 'The videos of the owner’s own posts (any status), newest first.',
      scope: 'read',
      query: apiPageValidator,
      ok: { status: 200, schema: 'MediaPage', description: 'A page of videos.' },
      errors: [400, 422],
      etag: true,
    })
    documented(
      router
        .get('/media/:id/:variant', [MediaController, 'show'])
        .as('api.media.show')
        .where('variant', /^(original|display|thumb)$/),
      {
        tag: 'Media',
        summary: 'Download a file',
        description:
          'A file of a post, comment or message (the `url`, `displayUrl` and `thumbUrl` of a Media), for whoever may see what it belongs to, as the web media route: otherwise 404, as for a file that does not exist. Supports `Range` (206), `ETag` / `If-None-Match` and `Last-Modified` / `If-Modified-Since` (304); `?download=1` asks for an attachment.',
        scope: 'read',
        ok: { status: 200, schema: 'Media', description: 'The file.', binary: true },
        errors: [404, 416],
        etag: true,
      }
    )

    documented(
      router
        .get('/admin/moderation', [AdminController, 'moderationQueue'])
        .as('api.admin.moderation.index'),
      {
        tag: 'Admin',
        summary: 'The moderation queue',
        description:
          'The posts waiting for review, oldest first, as on Admin → Moderation, with `pendingCount`. A token with the `admin` scope of an admin account.',
        scope: 'admin',
        query: apiPageValidator,
        ok: { status: 200, schema: 'ModerationQueue', description: 'A page of pending posts.' },
        errors: [400, 422],
        etag: true,
      }
    )
    documented(
      router
        .post('/admin/moderation/decisions', [AdminController, 'decide'])
        .as('api.admin.moderation.decide'),
      {
        tag: 'Admin',
        summary: 'Approve or reject posts',
        description:
          'Approves (publishes) or rejects posts of the queue at once, as on Admin → Moderation: `ids`, `decision` (`approve`, `reject`) and, to reject, a `reason` the authors are told. A post that does not exist refuses them all (404, nothing changed); posts decided meanwhile are `skipped`. Audited.',
        scope: 'admin',
        body: bulkModerationValidator,
        ok: { status: 200, schema: 'ModerationResult', description: 'What was decided.' },
        errors: [404, 422],
      }
    )

    documented(
      router.get('/admin/reports', [AdminController, 'reports']).as('api.admin.reports.index'),
      {
        tag: 'Admin',
        summary: 'The reports queue',
        description:
          'Reported targets (a post or a person; the reports of one target grouped), the most recently reported first, as on Admin → Reports: `status` is the tab — `open` (pending or reviewed, the default), `resolved` or `dismissed` — and `counts` how many targets each tab lists. A token with the `admin` scope of an admin account.',
        scope: 'admin',
        query: apiReportsValidator,
        ok: { status: 200, schema: 'ReportGroupPage', description: 'A page of reported targets.' },
        errors: [400, 422],
        etag: true,
      }
    )
    documented(
      router
        .get('/admin/reports/:type/:id', [AdminController, 'report'])
        .as('api.admin.reports.show')
        .where('type', /^(post|user)$/),
      {
        tag: 'Admin',
        summary: 'A reported target',
        description:
          'One reported post or person with every report about it (any status), as the report page of the back office, and what may be decided now (`group.actions`). Nobody reported it: 404.',
        scope: 'admin',
        ok: {
          status: 200,
          schema: 'ReportGroupDetail',
          description: 'The target and its reports.',
        },
        errors: [404],
        etag: true,
      }
    )
    documented(
      router
        .post('/admin/reports/:type/:id/decision', [AdminController, 'decideReports'])
        .as('api.admin.reports.decide')
        .where('type', /^(post|user)$/),
      {
        tag: 'Admin',
        summary: 'Decide the reports of a target',
        description:
          'Decides every open report of a post or a person at once, as on the report page: `decision` `review` (pending → reviewed), `dismiss`, or `resolve` with an optional `action` — `remove_post` (deletes the reported post) or `block_account` (blocks the person, signed out everywhere) — and optional `notes` (the block’s reason). The people who reported are told of a resolution. Nobody reported it: 404; nothing open to decide (decided meanwhile, nothing pending to review): 409; an action that no longer applies (the post is gone): 422, nothing changed. Audited.',
        scope: 'admin',
        body: reportDecisionValidator,
        ok: { status: 200, schema: 'ReportDecision', description: 'What was decided.' },
        errors: [404, 409, 422],
      }
    )

    documented(
      router.get('/admin/people', [AdminPeopleController, 'index']).as('api.admin.people.index'),
      {
        tag: 'Admin',
        summary: 'The team’s accounts',
        description:
          'Every account that was not purged, as on Admin → People, with its e-mail address and state: `q` finds a name, username or e-mail address containing it; `role` (`member`, `external`, `admin`; none: all), `state` (`active`, `blocked`, `pending` registrations, `deletion` asked), `sort` (`newest`, `name`, `posts`) and `dir`. `counts`: how many accounts each role has. A token with the `admin` scope of an admin account.',
        scope: 'admin',
        query: apiAdminPeopleValidator,
        ok: { status: 200, schema: 'AdminPersonPage', description: 'A page of accounts.' },
        errors: [400, 422],
        etag: true,
      }
    )
    documented(
      router.get('/admin/people/:id', [AdminPeopleController, 'show']).as('api.admin.people.show'),
      {
        tag: 'Admin',
        summary: 'An account',
        description:
          'One account as administrators see it: e-mail address, role, state, block, counters. A purged account is a 404.',
        scope: 'admin',
        ok: { status: 200, schema: 'AdminPerson', description: 'The account.' },
        errors: [404],
        etag: true,
      }
    )
    documented(
      router
        .put('/admin/people/:id/role', [AdminPeopleController, 'updateRole'])
        .as('api.admin.people.role'),
      {
        tag: 'Admin',
        summary: 'Change an account’s role',
        description:
          'Makes the person a `member`, an `external` or an `admin`, as on the account’s edit page: never one’s own role, never the last active administrator (403 with the reason). The person is signed out everywhere (their sessions, sockets and tokens end at once), so their next request has the new role. The same role again changes nothing. Audited.',
        scope: 'admin',
        body: changeRoleValidator,
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404, 422],
      }
    )
    documented(
      router
        .post('/admin/people/:id/block', [AdminPeopleController, 'block'])
        .as('api.admin.people.block'),
      {
        tag: 'Admin',
        summary: 'Block an account',
        description:
          'Blocks the person, as on the account’s edit page: a `reason` they read when they try to sign in, and an optional last day `until` (YYYY-MM-DD, today or later; the block ends at its close). Every session, socket and token of theirs ends at once. Never oneself nor the last active administrator (403 with the reason). Audited.',
        scope: 'admin',
        body: blockUserValidator,
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404, 422],
      }
    )
    documented(
      router
        .post('/admin/people/:id/unblock', [AdminPeopleController, 'unblock'])
        .as('api.admin.people.unblock'),
      {
        tag: 'Admin',
        summary: 'Lift a block',
        description:
          'Lifts the block: the person may sign in again. An account that is not blocked: 409. Audited.',
        scope: 'admin',
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404, 409],
      }
    )
    documented(
      router
        .post('/admin/people/:id/sign-out', [AdminPeopleController, 'signOut'])
        .as('api.admin.people.sign_out'),
      {
        tag: 'Admin',
        summary: 'Sign an account out everywhere',
        description:
          'Ends every session, remember-me token and socket of someone else’s account, on every node (one’s own: 403, the profile page does that). Audited.',
        scope: 'admin',
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404],
      }
    )
    documented(
      router
        .post('/admin/people/:id/approve', [AdminPeopleController, 'approve'])
        .as('api.admin.people.approve'),
      {
        tag: 'Admin',
        summary: 'Approve a registration',
        description:
          'Approves an external registration waiting for a decision, as on Admin → Registrations: the person is told by e-mail and may sign in. An account that is not a pending external one, or one decided meanwhile by another administrator: 409, nothing changed. Audited.',
        scope: 'admin',
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404, 409],
      }
    )
    documented(
      router
        .post('/admin/people/:id/reject', [AdminPeopleController, 'reject'])
        .as('api.admin.people.reject'),
      {
        tag: 'Admin',
        summary: 'Reject a registration',
        description:
          'Rejects an external registration waiting for a decision, with an optional `reason` the person is told by e-mail; their sessions end. Not pending (or decided meanwhile): 409, nothing changed. Audited.',
        scope: 'admin',
        body: rejectExternalValidator,
        ok: { status: 200, schema: 'AdminPersonChange', description: 'The account now.' },
        errors: [404, 409, 422],
      }
    )

    router.get('/openapi.json', [DocsController, 'openapi']).as('api.openapi')

    // Anything else under /api/v1 (a wrong id, path or method): a 404 problem.
    router
      .any('/*', () => {
        throw new ApiProblem(404, 'There is no such endpoint in this API.')
      })
      .as('api.not_found')
  })
  .prefix('/api/v1')
  .where('id', router.matchers.number())

router.get('/api/docs', [DocsController, 'page']).as('api.docs')
router
  .get('/api/docs/assets/:file', [DocsController, 'asset'])
  .as('api.docs.asset')
  .where('file', /^(swagger-ui\.css|swagger-ui-bundle\.js|init\.js)$/)
