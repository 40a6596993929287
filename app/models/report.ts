import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#queries/feeds/db_time'
import type { ReportReason, ReportSubject } from '#enums/report_reason'

export type ReportStatus = 'pending' | 'reviewed' | 'dismissed'

/**
 * A report of a post or a person (PRODUCT §8), stored as `pending` for the
 * administrators' review. One per reporter and subject (unique index).
 */
export default class Report extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare reporterId: number

  @column()
  declare subjectType: ReportSubject

  @column()
  declare subjectId: number

  @column()
  declare reason: ReportReason

  @column()
  declare details: string | null

  @column()
  declare status: ReportStatus

  @column()
  declare notes: string | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, consume: consumeDateTime })
  declare updatedAt: DateTime | null
}
