import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'
import type { NotificationData, NotificationKind, TargetType } from '#enums/notification_kinds'

/**
 * A notification shown to `userId` (PRODUCT §6). Grouped kinds keep one
 * unread row per (recipient, kind, target); `data.actorIds` lists who
 * acted, newest first.
 */
export default class Notification extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: NotificationKind

  @column()
  declare actorId: number | null

  @column()
  declare targetType: TargetType

  @column()
  declare targetId: number

  @column({
    prepare: (value: NotificationData | null) => (value ? JSON.stringify(value) : null),
    consume: (value: unknown) => parseData(value),
  })
  declare data: NotificationData

  @column.dateTime({ consume: consumeDateTime })
  declare readAt: DateTime | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime
}

export function parseData(value: unknown): NotificationData {
  if (value && typeof value === 'object') return value as NotificationData
  if (typeof value !== 'string' || !value) return { actorIds: [], actorCount: 0 }
  try {
    const parsed = JSON.parse(value)
    return parsed && typeof parsed === 'object' ? parsed : { actorIds: [], actorCount: 0 }
  } catch {
    return { actorIds: [], actorCount: 0 }
  }
}
