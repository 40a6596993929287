import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { setEnv } from '#tests/helpers/env'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import type Post from '#models/post'
import Media from '#models/media'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'

/**
 * Shared setup for the posts and media suites: each test runs in a rolled
 * back transaction with Drive faked into this process's own folder, so
 * tests can assert which files exist.
 */
export function postsGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
  group.each.setup(() => {
    const limit = env.get('MEDIA_MAX_FILE_MB')
    return () => setEnv('MEDIA_MAX_FILE_MB', limit)
  })
}

/** Folder of the faked disk (see config/drive.ts `fakes`). */
function fakeRoot() {
  return join(app.tmpPath(`drive-fakes-${process.pid}`), 'fs')
}

/** Every file currently stored on the (faked) media disk, as keys. */
export function storedFiles(): string[] {
  const root = fakeRoot()
  if (!existsSync(root)) return []
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else found.push(relative(root, path))
    }
  }
  walk(root)
  return found.sort()
}

export function storedPath(key: string) {
  return join(fakeRoot(), key)
}

export const member = () => UserFactory.create()
export const admin = () => UserFactory.apply('admin').create()
export const external = () => UserFactory.apply('external').create()

/** `blocker` blocks `blocked` (symmetric hiding). */
export async function block(blocker: User, blocked: User) {
  await db.table('blocks').insert({
    blocker_id: blocker.id,
    blocked_id: blocked.id,
    created_at: DateTime.now().toSQL({ includeOffset: false }),
  })
}

/** A media row and its files on the faked disk, attached to `post`. */
export async function makeMedia(post: Post, contents: Buffer, mime = 'image/png') {
  const key = `media/2026/01/test-${post.id}-${Math.random().toString(36).slice(2)}.bin`
  await drive.use().put(key, contents)
  const media = await Media.create({
    uploaderId: post.authorId,
    postId: post.id,
    commentId: null,
    kind: mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : 'pdf',
    mime,
    size: contents.length,
    originalName: 'fixture.bin',
    fileKey: key,
    displayKey: null,
    thumbKey: null,
    width: null,
    height: null,
    position: 0,
  })
  await db.from('posts').where('id', post.id).increment('media_count', 1)
  return media
}

export async function postsCountOf(user: User) {
  const row = await db.from('users').where('id', user.id).select('posts_count').firstOrFail()
  return Number(row.posts_count)
}

export async function tableCount(table: string) {
  const row = await db.from(table).count('* as total').firstOrFail()
  return Number(row.total)
}
