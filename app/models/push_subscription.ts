import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'

/**
 * One browser or device that receives Web Push for `userId` (issue 15 §2):
 * its push service endpoint and the keys a payload is encrypted to. Listed
 * and removable in the profile settings; removed by itself when the push
 * service answers 404 or 410 (the browser dropped it).
 */
export default class PushSubscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column({ serializeAs: null })
  declare endpoint: string

  @column({ columnName: 'p256dh', serializeAs: null })
  declare p256dh: string

  @column({ serializeAs: null })
  declare auth: string

  @column()
  declare device: string

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ consume: consumeDateTime })
  declare lastPushedAt: DateTime | null
}
