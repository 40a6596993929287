import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Post, { type PostAudience, type PostStatus } from '#models/post'
import Media, { type MediaKind } from '#models/media'
import Comment from '#models/comment'
import type User from '#models/user'
import { dbNow, dbTime } from '#queries/feeds/db_time'

/**
 * Test fixtures for feeds and engagement: posts, shares, media, blocks,
 * likes and comments written straight to the database (the posts feature's
 * own actions are tested by its suite).
 */
let bodySequence = 0

export async function makePost(
  author: User,
  options: {
    audience?: PostAudience
    status?: PostStatus
    sharedPost?: Post
    deleted?: boolean
    body?: string
    publishedAt?: DateTime | null
    likesCount?: number
    commentsCount?: number
  } = {}
) {
  bodySequence += 1
  const status = options.status ?? 'published'
  const body = options.body ?? `Post number ${bodySequence}`
  return Post.create({
    authorId: author.id,
    bodyHtml: `<p>${body}</p>`,
    bodyText: body,
    audience: options.audience ?? 'team',
    status,
    sharedPostId: options.sharedPost?.id ?? null,
    likesCount: options.likesCount ?? 0,
    commentsCount: options.commentsCount ?? 0,
    sharesCount: 0,
    mediaCount: 0,
    publishedAt:
      options.publishedAt !== undefined
        ? options.publishedAt
        : status === 'published'
          ? DateTime.now()
          : null,
    deletedAt: options.deleted ? DateTime.now() : null,
  })
}

export async function addMedia(post: Post, kind: MediaKind = 'image', count = 1) {
  const items: Media[] = []
  for (let i = 0; i < count; i++) {
    items.push(
      await Media.create({
        uploaderId: post.authorId,
        postId: post.id,
        kind,
        mime: kind === 'image' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : 'application/pdf',
        size: 1000,
        originalName: `file-${i}.${kind === 'image' ? 'jpg' : kind === 'video' ? 'mp4' : 'pdf'}`,
        fileKey: `test/${post.id}/${i}`,
        displayKey: kind === 'image' ? `test/${post.id}/${i}-display` : null,
        thumbKey: kind === 'image' ? `test/${post.id}/${i}-thumb` : null,
        width: kind === 'pdf' ? null : 1200,
        height: kind === 'pdf' ? null : 800,
        position: i,
      })
    )
  }
  await db.from('posts').where('id', post.id).update({ media_count: count })
  post.mediaCount = count
  return items
}

export async function block(blocker: User, blocked: User) {
  await db.table('blocks').insert({
    blocker_id: blocker.id,
    blocked_id: blocked.id,
    created_at: dbNow(),
  })
}

/** A like row with matching counters (as the like action would leave them). */
export async function like(user: User, post: Post, at?: DateTime) {
  await db
    .table('post_likes')
    .insert({ post_id: post.id, user_id: user.id, created_at: at ? dbTime(at) : dbNow() })
  await db.from('posts').where('id', post.id).increment('likes_count', 1)
  await db.from('users').where('id', user.id).increment('likes_given_count', 1)
}

export async function comment(user: User, post: Post, body = 'Nice one') {
  const created = await Comment.create({ postId: post.id, authorId: user.id, body, likesCount: 0 })
  await db.from('posts').where('id', post.id).increment('comments_count', 1)
  await db.from('users').where('id', user.id).increment('comments_count', 1)
  return created
}

/** The ids of an Inertia scroll prop `posts` in a response. */
export function postIds(props: any, name = 'posts'): number[] {
  const value = props[name]
  const list = Array.isArray(value) ? value : value.data
  return list.map((post: { id: number }) => post.id)
}
