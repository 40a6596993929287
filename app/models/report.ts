import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { consumeDateTime } from '#services/db/db_time'
import type { ReportReason, ReportSubject } from '#enums/report_reason'

export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]
/** Statuses that still wait for a decision. */
export const OPEN_REPORT_STATUSES: ReportStatus[] = ['pending', 'reviewed']

/**
 * A report of a post or a person (PRODUCT §8), stored as `pending` for the
 * administrators' review (pending → reviewed → resolved | dismissed, with
 * the moderator's notes). One per reporter and subject (unique index).
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

  /** The admin who resolved or dismissed it. */
  @column()
  declare moderatorId: number | null

  @column.dateTime({ consume: consumeDateTime })
  declare decidedAt: DateTime | null

  @column.dateTime({ autoCreate: true, consume: consumeDateTime })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true, consume: consumeDateTime })
  declare updatedAt: DateTime | null
}
