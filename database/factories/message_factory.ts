import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Message from '#models/message'
import type User from '#models/user'
import { dbTime } from '#services/db/db_time'

let sequence = 0

/**
 * The conversation between two people with both participant rows (as the
 * first message creates them in app/actions/messages/send_message.ts),
 * created on first use; returns its id.
 */
export async function conversationBetween(
  a: User,
  b: User,
  client: QueryClientContract = db.connection()
) {
  const low = Math.min(a.id, b.id)
  const high = Math.max(a.id, b.id)
  const existing = await client
    .from('conversations')
    .where('user_low_id', low)
    .where('user_high_id', high)
    .first()
  if (existing) return Number(existing.id)
  const [inserted] = await client
    .table('conversations')
    .insert({ user_low_id: low, user_high_id: high, created_at: dbTime(DateTime.now()) })
    .returning('id')
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
  await client.table('conversation_participants').multiInsert([
    { conversation_id: id, user_id: low, other_user_id: high },
    { conversation_id: id, user_id: high, other_user_id: low },
  ])
  return id
}

/**
 * Messages for tests, with the counters sending keeps: the conversation's
 * and both participant rows' last_message_id, the recipient's unread_count
 * and users.unread_messages_count (+1 each: the message is unread). No
 * attachments (attachments_count 0). `conversationId` and `senderId` are
 * required (the sender must be one of the pair):
 *
 *   const conversationId = await conversationBetween(ana, ben)
 *   await MessageFactory.merge({ conversationId, senderId: ana.id }).create()
 */
export const MessageFactory = factory
  .define(Message, () => {
    sequence += 1
    return { body: `Message number ${sequence}`, attachmentsCount: 0, clientKey: null }
  })
  .after('create', async (_, message, ctx) => {
    const trx = ctx.$trx!
    const recipient = await trx
      .from('conversation_participants')
      .where('conversation_id', message.conversationId)
      .where('user_id', message.senderId)
      .select('other_user_id')
      .first()
    if (!recipient) {
      throw new Error(`MessageFactory: user ${message.senderId} is not in that conversation`)
    }
    await trx
      .from('conversations')
      .where('id', message.conversationId)
      .update({ last_message_id: message.id, last_message_at: dbTime(message.createdAt) })
    await trx
      .from('conversation_participants')
      .where('conversation_id', message.conversationId)
      .update({ last_message_id: message.id })
    await trx
      .from('conversation_participants')
      .where('conversation_id', message.conversationId)
      .where('user_id', recipient.other_user_id)
      .increment('unread_count', 1)
    await trx
      .from('users')
      .where('id', recipient.other_user_id)
      .increment('unread_messages_count', 1)
  })
  .build()
