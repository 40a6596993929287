import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'
import type { BelongsTo, HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Media from '#models/media'
import Comment from '#models/comment'

export type PostAudience = 'team' | 'public'
export type PostStatus = 'published' | 'pending' | 'rejected'

/**
 * A post (or a share of one, when sharedPostId is set). Visibility is decided
 * in one place: app/queries/feeds/visible_posts.ts.
 */
export default class Post extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare authorId: number

  @column()
  declare bodyHtml: string

  @column()
  declare bodyText: string

  @column()
  declare audience: PostAudience

  @column()
  declare status: PostStatus

  @column()
  declare rejectionReason: string | null

  @column()
  declare sharedPostId: number | null

  @column()
  declare likesCount: number

  @column()
  declare commentsCount: number

  @column()
  declare sharesCount: number

  @column()
  declare mediaCount: number

  /** The sender's Idempotency-Key (app/services/idempotency.ts), if any. */
  @column()
  declare clientKey: string | null

  @column.dateTime({ consume: consumeDateTime })
  declare publishedAt: DateTime | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, consume: consumeDateTime })
  declare updatedAt: DateTime | null

  @column.dateTime({ consume: consumeDateTime })
  declare deletedAt: DateTime | null

  /** Set when an admin published the post as an announcement to all members. */
  @column.dateTime({ consume: consumeDateTime })
  declare announcedAt: DateTime | null

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  @belongsTo(() => Post, { foreignKey: 'sharedPostId' })
  declare sharedPost: BelongsTo<typeof Post>

  @hasMany(() => Media, { foreignKey: 'postId' })
  declare media: HasMany<typeof Media>

  @hasMany(() => Comment, { foreignKey: 'postId' })
  declare comments: HasMany<typeof Comment>

  @manyToMany(() => User, {
    pivotTable: 'post_mentions',
    pivotForeignKey: 'post_id',
    pivotRelatedForeignKey: 'user_id',
  })
  declare mentions: ManyToMany<typeof User>
}
