import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import type User from '#models/user'
import {
  broadcastTransport,
  installBroadcastTransport,
  type BroadcastOptions,
} from '#services/broadcast'

export interface Published {
  channels: string[]
  event: string
  data: any
  options: BroadcastOptions
  /** Whether the message (data.message.id) was already stored when it was published. */
  storedFirst?: boolean
}

/**
 * Messages suites: each test in a rolled-back transaction, Drive faked, and
 * broadcasts recorded by a fake transport (the real one is put back after).
 */
export function messagesGroup(group: Group) {
  const published: Published[] = []
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Rate limits (typing, sending, uploads) start from zero in every test.
  group.each.setup(() => limiter.clear())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })
  group.each.setup(() => {
    const limit = env.get('MEDIA_MAX_FILE_MB')
    const uploads = env.get('UPLOADS_PER_HOUR')
    return () => {
      env.set('MEDIA_MAX_FILE_MB', limit as any)
      env.set('UPLOADS_PER_HOUR', uploads as any)
    }
  })
  group.each.setup(() => {
    const previous = broadcastTransport()
    published.length = 0
    installBroadcastTransport({
      async publish(channels, event, data, options) {
        const entry: Published = { channels, event, data, options }
        const id = (data as any)?.message?.id
        if (id) entry.storedFirst = Boolean(await db.from('messages').where('id', id).first())
        published.push(entry)
      },
    })
    return () => installBroadcastTransport(previous)
  })
  return published
}

export type Upload = { name: string; contents: Buffer }

/** POST /messages/:username as `user`: multipart with files; JSON answers unless `json: false`. */
export function send(
  client: ApiClient,
  user: User | null,
  username: string,
  body: string | null,
  files: Upload[] = [],
  { json = true, socketId }: { json?: boolean; socketId?: string } = {}
) {
  let request = client.post(`/messages/${username}`).withCsrfToken().redirects(0)
  if (user) request = request.loginAs(user)
  if (json) request = request.accept('json')
  if (socketId) request = request.header('x-socket-id', socketId)
  const fields: Record<string, string> = body === null ? {} : { body }
  if (files.length === 0) return request.form(fields)
  request = request.fields(fields)
  files.forEach((file, index) => {
    request = request.file(`files[${index}]`, file.contents, { filename: file.name })
  })
  return request
}

export async function count(table: string) {
  const row = await db.from(table).count('* as total').firstOrFail()
  return Number(row.total)
}

/** users.unread_messages_count (the badge) */
export async function badgeOf(user: User) {
  const row = await db.from('users').where('id', user.id).select('unread_messages_count').first()
  return Number(row?.unread_messages_count)
}

/** The participant row's unread count of `user` in their conversation with `other`. */
export async function unreadWith(user: User, other: User) {
  const row = await db
    .from('conversation_participants')
    .where('user_id', user.id)
    .where('other_user_id', other.id)
    .select('unread_count')
    .first()
  return row ? Number(row.unread_count) : 0
}

/** Recount from the messages themselves: what the counters must equal. */
export async function trueUnread(user: User) {
  const rows = await db
    .from('conversation_participants as cp')
    .join('messages as m', 'm.conversation_id', 'cp.conversation_id')
    .where('cp.user_id', user.id)
    .whereColumn('m.sender_id', 'cp.other_user_id')
    .whereColumn('m.id', '>', 'cp.last_read_message_id')
    .count('* as total')
    .first()
  return Number(rows?.total ?? 0)
}

/** Awaits a request and checks its status (no member access on an await). */
export async function expectStatus<T extends { assertStatus(status: number): void }>(
  request: PromiseLike<T>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
  return response
}
