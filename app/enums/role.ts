/**
 * One role per account (PRODUCT §1). Guests have no account.
 */
export const ROLES = ['member', 'external', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

export const REGISTRATION_MODES = ['open', 'team_domain', 'invite_only', 'closed'] as const
export type RegistrationMode = (typeof REGISTRATION_MODES)[number]
