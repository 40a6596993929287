import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Media from '#models/media'
import Message from '#models/message'
import type User from '#models/user'
import { storeUploads } from '#services/media/upload_pipeline'
import { MediaBatch, sanitizeFileName, type StoredMedia } from '#services/media_storage'
import { dbTime } from '#services/db/db_time'
import { withAttachments, unreadTotal } from '#queries/messages/conversations'
import MessageTransformer from '#transformers/messages/message_transformer'
import PersonTransformer from '#transformers/person_transformer'
import MessageSent from '#events/message_sent'
import { MAX_MESSAGE_FILES, MESSAGE_ACCEPTED_DESCRIPTION } from '#services/messages/messaging_rules'

export interface SendMessageInput {
  sender: User
  recipient: User
  body: string
  files: MultipartFile[]
  /** The sending browser's socket (X-Socket-ID): its own event is not echoed back. */
  socketId?: string | null
  /** The request's Idempotency-Key (unique per sender). */
  clientKey?: string | null
}

/**
 * Sends a private message the caller checked may go (messagingRefusal).
 * Files pass the media pipeline first (images and PDF only, by content;
 * images re-encoded without metadata); then one transaction writes the
 * conversation (created on the first message), the message, its media
 * rows, the last activity and the recipient's exact unread count. Only
 * after the commit is MessageSent dispatched (its listeners broadcast it
 * to the two participants' own channels and notify the recipient).
 */
export default class SendMessage {
  async handle({ sender, recipient, body, files, socketId, clientKey }: SendMessageInput) {
    const batch = new MediaBatch()
    const stored = await storeFiles(files, batch)
    let result: { message: Message; conversationId: number; recipientUnread: number }
    try {
      result = await db.transaction(async (trx) => {
        const conversationId = await ensureConversation(sender.id, recipient.id, trx)
        const message = await Message.create(
          {
            conversationId,
            senderId: sender.id,
            body,
            attachmentsCount: stored.length,
            clientKey: clientKey ?? null,
          },
          { client: trx }
        )
        for (const [position, item] of stored.entries()) {
          await Media.create(
            {
              ...item,
              uploaderId: sender.id,
              postId: null,
              commentId: null,
              messageId: message.id,
              position,
            },
            { client: trx }
          )
        }
        const at = dbTime(message.createdAt)
        await trx
          .from('conversations')
          .where('id', conversationId)
          .update({ last_message_id: message.id, last_message_at: at })
        await trx
          .from('conversation_participants')
          .where('conversation_id', conversationId)
          .update({ last_message_id: message.id })
        await trx
          .from('conversation_participants')
          .where('conversation_id', conversationId)
          .where('user_id', recipient.id)
          .increment('unread_count', 1)
        await trx.from('users').where('id', recipient.id).increment('unread_messages_count', 1)
        return {
          message,
          conversationId,
          recipientUnread: await unreadTotal(recipient.id, trx),
        }
      })
    } catch (error) {
      await batch.discard()
      throw error
    }

    const [record] = await withAttachments([result.message])
    const json = new MessageTransformer(record).toObject()
    await MessageSent.dispatch({
      messageId: json.id,
      conversationId: result.conversationId,
      senderId: sender.id,
      recipientId: recipient.id,
      message: json,
      from: new PersonTransformer(sender).toObject(),
      to: new PersonTransformer(recipient).toObject(),
      recipientUnread: result.recipientUnread,
      socketId: socketId ?? null,
    })
    return { message: json, conversationId: result.conversationId }
  }

  /** What sending answered the first time a message went with this key (a replay), if it did. */
  static async sentWithKey(sender: User, clientKey: string | null) {
    if (!clientKey) return null
    const message = await Message.query()
      .where('sender_id', sender.id)
      .where('client_key', clientKey)
      .first()
    if (!message) return null
    const [record] = await withAttachments([message])
    return {
      message: new MessageTransformer(record).toObject(),
      conversationId: message.conversationId,
    }
  }
}

/** The pair's conversation and both participant rows, created on first use (race-safe). */
async function ensureConversation(a: number, b: number, trx: TransactionClientContract) {
  const low = Math.min(a, b)
  const high = Math.max(a, b)
  const now = dbTime(DateTime.now())
  await trx
    .table('conversations')
    .insert({ user_low_id: low, user_high_id: high, created_at: now })
    .onConflict(['user_low_id', 'user_high_id'])
    .ignore()
  const row = await trx
    .from('conversations')
    .where('user_low_id', low)
    .where('user_high_id', high)
    .select('id')
    .firstOrFail()
  const conversationId = Number(row.id)
  await trx
    .table('conversation_participants')
    .insert([
      { conversation_id: conversationId, user_id: low, other_user_id: high },
      { conversation_id: conversationId, user_id: high, other_user_id: low },
    ])
    .onConflict(['conversation_id', 'user_id'])
    .ignore()
  return conversationId
}

/**
 * The upload pipeline for a message: at most MAX_MESSAGE_FILES, images
 * and PDF only (by content, within the size limit); all problems reported
 * together on `files`, their sentences joined (no per-file keys).
 */
function storeFiles(files: MultipartFile[], batch: MediaBatch): Promise<StoredMedia[]> {
  return storeUploads(files, batch, {
    field: 'files',
    limit: MAX_MESSAGE_FILES,
    tooMany: `A message can have at most ${MAX_MESSAGE_FILES} files; you chose ${files.length}.`,
    kinds: {
      accept: ['image', 'pdf'],
      refused: (file) =>
        `${sanitizeFileName(file.clientName)}: messages accept ${MESSAGE_ACCEPTED_DESCRIPTION} files only.`,
    },
    summary: (messages) => messages.join(' '),
  })
}
