import { REPORT_REASONS, REPORT_SUBJECTS } from '#enums/report_reason'
import { REPORT_STATUSES } from '#models/report'
import { ROLES } from '#enums/role'

/**
 * JSON Schemas (OpenAPI 3.1 = JSON Schema 2020-12) of what the API
 * answers: the shapes of app/transformers/api/*. Request bodies and query
 * strings are not here: they come from the VineJS validators themselves
 * (app/services/api/openapi.ts). `additionalProperties: false` on every
 * object, so the contract tests (tests/functional/api) catch a field a
 * transformer adds without documenting it.
 */
type Schema = Record<string, unknown>

const id: Schema = {
  type: 'string',
  pattern: '^[1-9][0-9]*$',
  description: 'An id (a string of digits).',
}
const isoTime: Schema = { type: 'string', format: 'date-time' }
const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] })
const object = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
})
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
const page = (item: string, description: string): Schema => ({
  ...object({
    data: { type: 'array', items: ref(item) },
    links: object({
      next: {
        ...nullable({ type: 'string' }),
        description: 'The next page (same query, `cursor` set), null at the end.',
      },
    }),
  }),
  description,
})

const counts = object({
  likes: { type: 'integer', minimum: 0 },
  comments: { type: 'integer', minimum: 0 },
  shares: { type: 'integer', minimum: 0 },
})

const postBase = {
  id,
  author: nullable(ref('Person')),
  bodyHtml: { type: 'string', description: 'Sanitised HTML (the app’s own allowlist).' },
  bodyText: { type: 'string', description: 'The same text without markup.' },
  audience: { type: 'string', enum: ['team', 'public'] },
  createdAt: isoTime,
  publishedAt: nullable(isoTime),
  updatedAt: nullable(isoTime),
  media: { type: 'array', items: ref('Media') },
  counts,
}

export const API_SCHEMAS: Record<string, Schema> = {
  Person: {
    ...object({
      id,
      username: { type: 'string' },
      fullName: { type: 'string' },
      avatarUrl: nullable({ type: 'string' }),
    }),
    description: 'A person: never an e-mail address.',
  },
  Profile: {
    ...object({
      id,
      username: { type: 'string' },
      fullName: { type: 'string' },
      avatarUrl: nullable({ type: 'string' }),
      coverUrl: nullable({ type: 'string' }),
      bio: nullable({ type: 'string' }),
      role: { type: 'string', enum: ['admin', 'member', 'external'] },
      joinedAt: nullable(isoTime),
      stats: object({
        posts: { type: 'integer', minimum: 0 },
        likesGiven: { type: 'integer', minimum: 0 },
        comments: { type: 'integer', minimum: 0 },
      }),
      blockedByMe: { type: 'boolean', description: 'The token’s owner blocked this person.' },
    }),
    description: 'A person’s profile (as on their profile page): never an e-mail address.',
  },
  Me: {
    ...object({
      id,
      username: { type: 'string' },
      fullName: { type: 'string' },
      avatarUrl: nullable({ type: 'string' }),
      email: { type: 'string', format: 'email' },
      role: { type: 'string', enum: ['admin', 'member', 'external'] },
      bio: nullable({ type: 'string' }),
      createdAt: isoTime,
      unreadNotifications: { type: 'integer', minimum: 0 },
      unreadMessages: { type: 'integer', minimum: 0 },
    }),
    description: 'The owner of the token.',
  },
  Media: {
    ...object({
      id,
      kind: { type: 'string', enum: ['image', 'video', 'pdf'] },
      mime: { type: 'string' },
      width: nullable({ type: 'integer' }),
      height: nullable({ type: 'integer' }),
      name: { type: 'string' },
      url: { type: 'string' },
      displayUrl: { type: 'string' },
      thumbUrl: nullable({ type: 'string' }),
    }),
    description: 'A file of a post or a comment.',
  },
  PostOriginal: { ...object(postBase), description: 'The original of a share.' },
  Post: {
    ...object({
      ...postBase,
      status: { type: 'string', enum: ['published', 'pending', 'rejected'] },
      isShare: { type: 'boolean' },
      original: nullable(ref('PostOriginal')),
      liked: { type: 'boolean', description: 'Whether the token’s owner likes it.' },
    }),
    description: 'A post the token’s owner may see.',
  },
  Comment: {
    ...object({
      id,
      postId: id,
      author: nullable(ref('Person')),
      body: { type: 'string', description: 'Plain text (never HTML).' },
      media: { type: 'array', items: ref('Media') },
      createdAt: nullable(isoTime),
      likes: { type: 'integer', minimum: 0 },
      liked: { type: 'boolean' },
    }),
    description: 'A comment, oldest first in its list.',
  },
  Notification: {
    ...object({
      id,
      kind: { type: 'string' },
      read: { type: 'boolean' },
      createdAt: nullable(isoTime),
      actors: { type: 'array', items: ref('Person'), maxItems: 2 },
      actorCount: { type: 'integer', minimum: 0 },
      excerpt: nullable({ type: 'string' }),
      reason: nullable({ type: 'string' }),
      target: { type: 'string', description: 'The web page it is about.' },
    }),
    description: 'A notification of the token’s owner.',
  },
  PersonResult: {
    ...object({
      id,
      username: { type: 'string' },
      fullName: { type: 'string' },
      avatarUrl: nullable({ type: 'string' }),
      postsCount: { type: 'integer', minimum: 0 },
      commentsCount: { type: 'integer', minimum: 0 },
    }),
    description: 'A person of the directory or found by a search, with their activity counts.',
  },
  PostResult: {
    ...object({
      id,
      author: ref('Person'),
      snippet: {
        type: 'array',
        description:
          'An excerpt of the text around the first match, cut into parts; `hit` marks the matched words (plain text, never HTML).',
        items: object({ text: { type: 'string' }, hit: { type: 'boolean' } }),
      },
      isShare: { type: 'boolean' },
      mediaCount: { type: 'integer', minimum: 0 },
      likes: { type: 'integer', minimum: 0 },
      comments: { type: 'integer', minimum: 0 },
      createdAt: nullable(isoTime),
    }),
    description: 'A post found by a search (read it whole with GET /api/v1/posts/{id}).',
  },
  Conversation: {
    ...object({
      id,
      other: ref('Person'),
      unreadCount: { type: 'integer', minimum: 0 },
      lastMessageAt: nullable(isoTime),
      preview: nullable(
        object({
          fromMe: { type: 'boolean' },
          text: { type: 'string', description: 'The last message’s first line.' },
        })
      ),
    }),
    description: 'A conversation of the token’s owner with one other person.',
  },
  Message: {
    ...object({
      id,
      conversationId: id,
      senderId: id,
      body: { type: 'string', description: 'Plain text (never HTML).' },
      createdAt: nullable(isoTime),
      attachments: { type: 'array', items: ref('Media') },
    }),
    description: 'A private message.',
  },
  MessagePage: {
    ...object({
      data: { type: 'array', items: ref('Message') },
      otherLastReadId: {
        ...nullable(id),
        description: 'The other person has read the owner’s messages up to this one ("Seen").',
      },
      links: object({
        next: {
          ...nullable({ type: 'string' }),
          description: 'The page of older messages (same query, `cursor` set), null at the start.',
        },
      }),
    }),
    description:
      'A page of a conversation: the latest messages (or those before `cursor`), oldest first within the page.',
  },
  MessageSent: object({ message: ref('Message'), conversationId: id }),
  ReadState: object({
    lastReadMessageId: {
      ...nullable(id),
      description: 'How far the owner has now read this conversation (null: nothing to read).',
    },
  }),
  PersonResultPage: page('PersonResult', 'A page of people.'),
  PostResultPage: page('PostResult', 'A page of posts found, newest first.'),
  ConversationPage: page('Conversation', 'Conversations, the latest activity first.'),
  MediaPage: page('Media', 'A page of files, newest first.'),
  PostPage: page('Post', 'A page of posts, newest first.'),
  CommentPage: page('Comment', 'A page of comments, oldest first.'),
  NotificationPage: page('Notification', 'A page of notifications, newest first.'),
  PostCreated: object({ post: ref('Post') }),
  PostSaved: object({ post: ref('Post') }),
  PostDeleted: object({ deleted: { type: 'boolean', enum: [true] } }),
  ShareCreated: object({
    post: ref('Post'),
    shares: { type: 'integer', minimum: 0, description: 'The original’s share count.' },
  }),
  CommentDeleted: object({
    deleted: { type: 'boolean', enum: [true] },
    commentsCount: { type: 'integer', minimum: 0 },
  }),
  TopPostPage: {
    ...object({
      data: { type: 'array', items: ref('Post') },
      windowDays: { type: 'integer', description: 'The window of recent days.' },
      limit: { type: 'integer', description: 'At most this many posts.' },
      links: object({
        next: { type: 'null', description: 'Always null: the list has one page.' },
      }),
    }),
    description:
      'The top posts: published in the last `windowDays` days, with a like and a comment, by likes + comments.',
  },
  Liker: {
    ...object({ person: ref('Person'), likedAt: nullable(isoTime) }),
    description: 'Someone who liked it, and when.',
  },
  LikerPage: page('Liker', 'People who liked it, the most recent first.'),
  ModerationQueue: {
    ...object({
      data: { type: 'array', items: ref('Post') },
      pendingCount: { type: 'integer', minimum: 0 },
      links: object({ next: nullable({ type: 'string' }) }),
    }),
    description: 'Posts waiting for review, oldest first, with how many there are.',
  },
  ModerationResult: object({
    decided: { type: 'array', items: id, description: 'The posts decided now.' },
    skipped: {
      type: 'array',
      items: id,
      description: 'Posts someone else decided meanwhile, left as they are.',
    },
  }),
  Report: {
    ...object({
      id,
      reason: { type: 'string', enum: [...REPORT_REASONS] },
      reasonLabel: { type: 'string', description: 'The reason as the app words it.' },
      details: { ...nullable({ type: 'string' }), description: 'What the reporter added.' },
      status: { type: 'string', enum: [...REPORT_STATUSES] },
      notes: { ...nullable({ type: 'string' }), description: 'The moderator’s notes.' },
      createdAt: isoTime,
      decidedAt: nullable(isoTime),
      reporter: nullable(ref('Person')),
      moderator: { ...nullable(ref('Person')), description: 'Who decided it, once decided.' },
    }),
    description: 'One report of a post or a person.',
  },
  ReportGroup: {
    ...object({
      subjectType: { type: 'string', enum: [...REPORT_SUBJECTS] },
      subjectId: id,
      targetState: {
        type: 'string',
        enum: ['visible', 'removed', 'blocked'],
        description:
          'The target now: `removed` (the post is deleted or hidden), `blocked` (the account), else `visible`.',
      },
      excerpt: {
        type: 'string',
        description: 'The start of the post’s text (empty for a person).',
      },
      status: {
        type: 'string',
        enum: [...REPORT_STATUSES],
        description:
          'Open (`pending`, `reviewed`) while any report waits, else the latest decision.',
      },
      reportCount: { type: 'integer', minimum: 1 },
      reasons: {
        type: 'array',
        items: object({
          reason: { type: 'string', enum: [...REPORT_REASONS] },
          label: { type: 'string' },
          count: { type: 'integer', minimum: 1 },
        }),
      },
      latestAt: nullable(isoTime),
      latest: { ...nullable(ref('Report')), description: 'The most recent report.' },
      post: {
        ...nullable(ref('Post')),
        description:
          'The reported post as an admin sees it; null for a person, or when it is gone.',
      },
      hiddenPost: {
        ...nullable(object({ id, excerpt: { type: 'string' }, deleted: { type: 'boolean' } })),
        description: 'A reported post that is gone: what it said.',
      },
      person: {
        ...nullable(ref('Person')),
        description: 'The reported person, or the post’s author.',
      },
      actions: object({
        review: { type: 'boolean' },
        removePost: { type: 'boolean' },
        blockAccount: { type: 'boolean' },
        resolve: { type: 'boolean' },
        dismiss: { type: 'boolean' },
      }),
    }),
    description: 'A reported target and what may be decided now (`actions`).',
  },
  ReportGroupPage: {
    ...object({
      data: { type: 'array', items: ref('ReportGroup') },
      status: { type: 'string', enum: ['open', 'resolved', 'dismissed'] },
      counts: object({
        open: { type: 'integer', minimum: 0 },
        resolved: { type: 'integer', minimum: 0 },
        dismissed: { type: 'integer', minimum: 0 },
      }),
      links: object({ next: nullable({ type: 'string' }) }),
    }),
    description: 'A page of reported targets of one tab, with how many targets each tab lists.',
  },
  ReportGroupDetail: object({
    group: ref('ReportGroup'),
    reports: { type: 'array', items: ref('Report'), description: 'Every report, newest first.' },
  }),
  ReportDecision: object({
    decision: { type: 'string', enum: ['review', 'resolve', 'dismiss'] },
    action: { type: 'string', enum: ['remove_post', 'block_account', 'none'] },
    reports: { type: 'integer', minimum: 1, description: 'How many reports changed.' },
    message: { type: 'string' },
  }),
  AdminPerson: {
    ...object({
      id,
      username: { type: 'string' },
      fullName: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', enum: [...ROLES] },
      state: {
        type: 'string',
        enum: [
          'active',
          'blocked',
          'pending',
          'rejected',
          'unverified',
          'deletion_pending',
          'deleted',
        ],
        description:
          'One word for the account: `pending` (an external registration waiting for a decision), `deletion_pending` (its owner asked for deletion), `unverified` (e-mail address not confirmed)…',
      },
      approvalStatus: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
      emailVerified: { type: 'boolean' },
      mustChangePassword: { type: 'boolean' },
      avatarUrl: nullable({ type: 'string' }),
      coverUrl: nullable({ type: 'string' }),
      bio: nullable({ type: 'string' }),
      createdAt: isoTime,
      lastLoginAt: nullable(isoTime),
      deletionRequestedAt: nullable(isoTime),
      postsCount: { type: 'integer', minimum: 0 },
      commentsCount: { type: 'integer', minimum: 0 },
      likesGivenCount: { type: 'integer', minimum: 0 },
      block: {
        ...nullable(
          object({
            reason: nullable({ type: 'string' }),
            since: nullable(isoTime),
            until: nullable(isoTime),
          })
        ),
        description:
          'The block, while the account is blocked: the reason the person reads, and its last moment (`until`, null: until lifted).',
      },
    }),
    description: 'An account as administrators see it (with its e-mail address).',
  },
  AdminPersonPage: {
    ...object({
      data: { type: 'array', items: ref('AdminPerson') },
      counts: object({
        member: { type: 'integer', minimum: 0 },
        external: { type: 'integer', minimum: 0 },
        admin: { type: 'integer', minimum: 0 },
      }),
      links: object({ next: nullable({ type: 'string' }) }),
    }),
    description: 'A page of accounts, with how many accounts each role has.',
  },
  AdminPersonChange: object({
    person: ref('AdminPerson'),
    signedOut: {
      type: 'integer',
      minimum: 0,
      description: 'How many open sessions of the person were signed out.',
    },
    message: { type: 'string', description: 'What happened, in a sentence.' },
  }),
  BlockState: object({ blocked: { type: 'boolean' } }),
  ReportCreated: object({ id, message: { type: 'string' } }),
  CommentCreated: object({ comment: ref('Comment'), commentsCount: { type: 'integer' } }),
  LikeState: object({ liked: { type: 'boolean' }, likes: { type: 'integer', minimum: 0 } }),
  UnreadCount: object({ unreadCount: { type: 'integer', minimum: 0 } }),
  ReadAll: object({ unreadCount: { type: 'integer', minimum: 0 }, marked: { type: 'integer' } }),
  Problem: {
    ...object(
      {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { type: 'string' },
        instance: { type: 'string' },
        requestId: nullable({ type: 'string' }),
        errors: {
          type: 'array',
          items: object({
            field: { type: 'string' },
            message: { type: 'string' },
            rule: { type: 'string' },
          }),
        },
      },
      ['errors']
    ),
    description: 'RFC 9457 problem details; `errors` lists validation messages per field.',
  },
}
