import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Post from '#models/post'
import type { PostAudience, PostStatus } from '#models/post'
import Media, { type MediaKind } from '#models/media'
import Comment from '#models/comment'
import type User from '#models/user'
import { dbNow, dbTime } from '#services/db/db_time'
import drive from '@adonisjs/drive/services/main'
import { jpeg } from '#tests/fixtures/media_files'
import { PostFactory } from '#database/factories/post_factory'

/**
 * Test fixtures for feeds and engagement: posts, shares, media, blocks,
 * likes and comments written straight to the database (the posts feature's
 * own actions are tested by its suite).
 */
let bodySequence = 0

/**
 * A post by `author` through PostFactory (database/factories/post_factory.ts),
 * which recounts the author's posts_count and, for a share, the original's
 * shares_count: the counters stay exact. `likesCount` / `commentsCount`
 * set the stored counters without rows (ranking tests), and own that drift.
 */
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
  return PostFactory.merge({
    authorId: author.id,
    bodyHtml: `<p>${body}</p>`,
    bodyText: body,
    audience: options.audience ?? 'team',
    status,
    sharedPostId: options.sharedPost?.id ?? null,
    likesCount: options.likesCount ?? 0,
    commentsCount: options.commentsCount ?? 0,
    publishedAt:
      options.publishedAt !== undefined
        ? options.publishedAt
        : status === 'published'
          ? DateTime.now()
          : null,
    deletedAt: options.deleted ? DateTime.now() : null,
  }).create()
}

const TILE_COLOURS = ['#2a7ab0', '#ffcc00', '#3c9d5d', '#c0392b', '#8e44ad', '#e67e22']

/** Real pictures behind an image row's keys (the upload stores three sizes), for pages a browser loads. */
async function storeImageFiles(media: Media, index: number) {
  const picture = await jpeg(1200, 800, TILE_COLOURS[index % TILE_COLOURS.length])
  for (const key of [media.fileKey, media.displayKey, media.thumbKey]) {
    if (key) await drive.use().put(key, picture)
  }
}

/**
 * Media rows for a post. Rows only by default (feeds and their queries need
 * nothing more); `files: true` also stores image files under the keys, so a
 * browser shows the pictures instead of broken images.
 */
export async function addMedia(
  post: Post,
  kind: MediaKind = 'image',
  count = 1,
  { files = false }: { files?: boolean } = {}
) {
  const items: Media[] = []
  // Post ids start again in every test database: files get keys of their
  // own run, so a later run's rows never find an earlier run's files.
  const prefix = files ? `test/run-${process.pid}/${post.id}` : `test/${post.id}`
  for (let i = 0; i < count; i++) {
    items.push(
      await Media.create({
        uploaderId: post.authorId,
        postId: post.id,
        kind,
        mime: kind === 'image' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : 'application/pdf',
        size: 1000,
        originalName: `file-${i}.${kind === 'image' ? 'jpg' : kind === 'video' ? 'mp4' : 'pdf'}`,
        fileKey: `${prefix}/${i}`,
        displayKey: kind === 'image' ? `${prefix}/${i}-display` : null,
        thumbKey: kind === 'image' ? `${prefix}/${i}-thumb` : null,
        width: kind === 'pdf' ? null : 1200,
        height: kind === 'pdf' ? null : 800,
        position: i,
      })
    )
    if (files && kind === 'image') await storeImageFiles(items[i], i)
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
