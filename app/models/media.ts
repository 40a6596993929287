import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'

export type MediaKind = 'image' | 'video' | 'pdf'

/**
 * A stored file attached to a post, a comment or a private message.
 * Served only through the authorising media route, never by a public URL.
 */
export default class Media extends BaseModel {
  static table = 'media'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare uploaderId: number

  @column()
  declare postId: number | null

  @column()
  declare commentId: number | null

  /** A private message's attachment (served to the conversation's two people only). */
  @column()
  declare messageId: number | null

  @column()
  declare kind: MediaKind

  @column()
  declare mime: string

  @column()
  declare size: number

  @column()
  declare originalName: string

  @column({ serializeAs: null })
  declare fileKey: string

  @column({ serializeAs: null })
  declare displayKey: string | null

  @column({ serializeAs: null })
  declare thumbKey: string | null

  @column()
  declare width: number | null

  @column()
  declare height: number | null

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime
}

/**
 * What is drawn of a file (its URLs, kind, size in pixels, download name):
 * a Media model, or a card's plain read of the same columns
 * (app/queries/feeds/post_cards.ts), given to the media transformers.
 */
export type MediaFile = Pick<
  Media,
  | 'id'
  | 'postId'
  | 'kind'
  | 'mime'
  | 'originalName'
  | 'displayKey'
  | 'thumbKey'
  | 'width'
  | 'height'
>
