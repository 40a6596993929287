import type { PostCounts } from '#services/live_posts'

/**
 * Domain events that notifications and live updates listen to (issue 4),
 * emitted by the features after their transaction commits. Engagement's
 * own events (post:liked, comment:liked, comment:created) are declared in
 * app/actions/engagement/engagement_events.ts.
 */
export interface PostMentioned {
  postId: number
  authorId: number
  /** People newly tagged (on an edit: only the ones added). */
  userIds: number[]
}

export interface PostShared {
  shareId: number
  originalId: number
  originalAuthorId: number
  sharerId: number
  /** False while the share waits for moderation. */
  published: boolean
}

/** A post (or share) became visible in the feeds. */
export interface PostPublished {
  postId: number
  authorId: number
  audience: 'team' | 'public'
}

/**
 * A post's like, comment or share count changed. `counts`: the stored
 * counts as the change committed them, when the emitter read them.
 */
export interface PostCountsChanged {
  postId: number
  counts?: PostCounts
}

/** An admin approved or rejected a pending post (the moderation queue emits it). */
export interface PostModerated {
  postId: number
  authorId: number
  moderatorId: number | null
  decision: 'approved' | 'rejected'
  reason?: string | null
}

/** An external registration waits for an admin's approval. */
export interface RegistrationPending {
  userId: number
}

/** An admin approved a pending account. */
export interface AccountApproved {
  userId: number
  adminId: number | null
}

/** A report was resolved (reporter is told; emitted by the reports feature). */
export interface ReportResolved {
  reportId: number
  reporterId: number
  resolverId: number | null
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'post:mentioned': PostMentioned
    'post:shared': PostShared
    'post:published': PostPublished
    'post:counts_changed': PostCountsChanged
    'post:moderated': PostModerated
    'registration:pending': RegistrationPending
    'account:approved': AccountApproved
    'report:resolved': ReportResolved
  }
}
