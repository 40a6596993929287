import { BaseTransformer } from '@adonisjs/core/transformers'
import type Report from '#models/report'

/** A report by or against the person, on Profile/Index: `Data.Admin.PersonReport`. */
export default class PersonReportTransformer extends BaseTransformer<Report> {
  toObject() {
    const report = this.resource
    return {
      id: report.id,
      subjectType: report.subjectType,
      subjectId: report.subjectId,
      reason: report.reason,
      details: report.details,
      status: report.status,
      createdAt: report.createdAt?.toISO() ?? null,
    }
  }
}
