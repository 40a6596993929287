/**
 * Why something is reported (PRODUCT §8). THE list: the server validates
 * against it and the Report dialog (inertia/components/people/report_dialog.tsx)
 * imports it, so both always offer the same reasons.
 */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'nudity',
  'misinformation',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  misinformation: 'False information',
  other: 'Something else',
}

/** What can be reported. */
export const REPORT_SUBJECTS = ['post', 'user'] as const
export type ReportSubject = (typeof REPORT_SUBJECTS)[number]

export const REPORT_DETAILS_MAX = 1000
/** Reports one person may file per day. */
export const REPORTS_PER_DAY = 10
