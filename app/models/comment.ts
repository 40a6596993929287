import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Media from '#models/media'

export default class Comment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number

  @column()
  declare authorId: number

  @column()
  declare body: string

  @column()
  declare likesCount: number

  /** Images attached (media.comment_id), at most MAX_IMAGES_PER_COMMENT. */
  @column()
  declare mediaCount: number

  /** The sender's Idempotency-Key (app/services/idempotency.ts), if any. */
  @column()
  declare clientKey: string | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, consume: consumeDateTime })
  declare updatedAt: DateTime | null

  @column.dateTime({ consume: consumeDateTime })
  declare deletedAt: DateTime | null

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  @hasMany(() => Media, { foreignKey: 'commentId' })
  declare media: HasMany<typeof Media>
}
