import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import type Message from '#models/message'
import type User from '#models/user'
import { dbTimeToMillis } from '#services/db/db_time'
import type { PersonRecord } from '#queries/people/profiles'
import { pairColumn, whereNotBlockedPair } from '#queries/people/blocked_pair'

/**
 * Reading private messages (PRODUCT §7). Every query starts from the
 * viewer's own participant row or a conversation id the caller resolved
 * from the viewer's pair, so nobody reads a conversation they are not in.
 */

export const HISTORY_PAGE_SIZE = 30
export const CONVERSATIONS_LIMIT = 100

/** The conversation id of a pair, or null when they never wrote to each other. */
export async function conversationIdBetween(
  a: number,
  b: number,
  client: QueryClientContract = db.connection()
): Promise<number | null> {
  const row = await client
    .from('conversations')
    .where('user_low_id', Math.min(a, b))
    .where('user_high_id', Math.max(a, b))
    .select('id')
    .first()
  return row ? Number(row.id) : null
}

/** The viewer's total of unread messages (the navigation badge): users.unread_messages_count. */
export async function unreadTotal(userId: number, client: QueryClientContract = db.connection()) {
  const row = await client.from('users').where('id', userId).select('unread_messages_count').first()
  return Number(row?.unread_messages_count ?? 0)
}

/** A message with its files in order (MessageTransformer shapes it). */
export type MessageRecord = MessageRow & { attachments: Media[] }

/** A database time (Date, SQLite text) or a Luxon DateTime as an ISO string; the epoch when unreadable. */
export function isoTime(value: unknown) {
  if (value && typeof value === 'object' && 'toISO' in value) {
    return (value as { toISO(): string }).toISO()
  }
  const ms = dbTimeToMillis(value)
  return Number.isNaN(ms) ? new Date(0).toISOString() : new Date(ms).toISOString()
}

/** Messages (rows or models) with their attachments, in one query for all files. */
export type MessageRow = Pick<
  Message,
  'id' | 'conversationId' | 'senderId' | 'body' | 'attachmentsCount'
> & { createdAt: unknown }

export async function withAttachments(rows: MessageRow[]): Promise<MessageRecord[]> {
  const withFiles = rows.filter((row) => row.attachmentsCount > 0).map((row) => row.id)
  const media = withFiles.length
    ? await Media.query().whereIn('message_id', withFiles).orderBy('position').orderBy('id')
    : []
  const byMessage = new Map<number, Media[]>()
  for (const item of media) {
    const list = byMessage.get(item.messageId!) ?? []
    list.push(item)
    byMessage.set(item.messageId!, list)
  }
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: row.body,
    attachmentsCount: row.attachmentsCount,
    createdAt: row.createdAt,
    attachments: byMessage.get(row.id) ?? [],
  }))
}

/**
 * One page of a conversation's history, newest first before `beforeId`
 * (keyset on messages.id, index conversation_id+id), returned oldest first.
 */
export async function historyPage(conversationId: number, beforeId: number | null) {
  const query = db
    .from('messages')
    .where('conversation_id', conversationId)
    .orderBy('id', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
    .select('id', 'conversation_id', 'sender_id', 'body', 'attachments_count', 'created_at')
  if (beforeId !== null) query.where('id', '<', beforeId)
  const rows = await query
  const hasMore = rows.length > HISTORY_PAGE_SIZE
  const page = rows.slice(0, HISTORY_PAGE_SIZE).reverse()
  const messages = await withAttachments(
    page.map((row) => ({
      id: Number(row.id),
      conversationId: Number(row.conversation_id),
      senderId: Number(row.sender_id),
      body: row.body,
      attachmentsCount: Number(row.attachments_count),
      createdAt: row.created_at,
    }))
  )
  return { messages, hasMore, nextBefore: hasMore && page.length ? page[0].id : null }
}

/** A line of Messages/Index, for one viewer (ConversationTransformer shapes it). */
export interface ConversationRecord {
  id: number
  other: PersonRecord
  unreadCount: number
  lastMessageAt: unknown
  lastMessage: { fromMe: boolean; body: string; attachmentsCount: number } | null
}

/**
 * Messages/Index: the viewer's conversations by last activity (newest
 * last message first: one range of the participant index), with the other person, the last message
 * and the unread count. Two queries whatever the count.
 */
export async function conversationList(viewer: Pick<User, 'id'>): Promise<ConversationRecord[]> {
  const rows = await db
    .from('conversation_participants as cp')
    .join('conversations as c', 'c.id', 'cp.conversation_id')
    .join('users as u', 'u.id', 'cp.other_user_id')
    .where('cp.user_id', viewer.id)
    .whereNotNull('cp.last_message_id')
    // Blocked either way: the conversation is closed and not listed.
    .where((pair) => whereNotBlockedPair(pair, viewer.id, pairColumn('cp.other_user_id')))
    .orderBy('cp.last_message_id', 'desc')
    .limit(CONVERSATIONS_LIMIT)
    .select(
      'cp.conversation_id',
      'cp.unread_count',
      'cp.last_message_id',
      'c.last_message_at',
      'u.id as other_id',
      'u.username',
      'u.full_name',
      'u.avatar_key'
    )
  const lastIds = rows.map((row) => Number(row.last_message_id)).filter(Boolean)
  const lastMessages = lastIds.length
    ? await db
        .from('messages')
        .whereIn('id', lastIds)
        .select('id', 'sender_id', 'body', 'attachments_count')
    : []
  const byId = new Map(lastMessages.map((row) => [Number(row.id), row]))
  return rows.map((row) => {
    const last = byId.get(Number(row.last_message_id))
    return {
      id: Number(row.conversation_id),
      other: {
        id: Number(row.other_id),
        username: row.username,
        fullName: row.full_name,
        avatarKey: row.avatar_key,
      },
      unreadCount: Number(row.unread_count),
      lastMessageAt: row.last_message_at ?? null,
      lastMessage: last
        ? {
            fromMe: Number(last.sender_id) === viewer.id,
            body: last.body,
            attachmentsCount: Number(last.attachments_count),
          }
        : null,
    }
  })
}

/** The participant rows of a conversation, keyed by user id. */
export async function participants(conversationId: number) {
  const rows = await db
    .from('conversation_participants')
    .where('conversation_id', conversationId)
    .select('user_id', 'last_read_message_id', 'unread_count')
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      {
        lastReadMessageId: Number(row.last_read_message_id),
        unreadCount: Number(row.unread_count),
      },
    ])
  )
}
