import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'

/**
 * One private message in a conversation between two people (PRODUCT §7).
 * The body is plain text (rendered as text, never as HTML); attachments are
 * media rows with `message_id`.
 */
export default class Message extends BaseModel {
  static table = 'messages'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare conversationId: number

  @column()
  declare senderId: number

  @column()
  declare body: string

  @column()
  declare attachmentsCount: number

  /** The sender's Idempotency-Key (app/services/idempotency.ts), if any. */
  @column()
  declare clientKey: string | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime
}
