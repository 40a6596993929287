/**
 * Human-readable names of the audit log's actions (AuditLog/Index). An
 * action not listed here is still shown, its code turned into words
 * ("report.resolve" → "Report resolve"); add a label when you add an
 * `audit(ctx, '<action>', …)` call.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.deletion_requested': 'Account deletion requested',
  'account.purge': 'Deleted account purged',
  'account.reactivated': 'Account reactivated',
  'admin.create': 'Administrator created',
  'invitation.create': 'Invitation sent',
  'job.discard': 'Failed job discarded',
  'job.retry': 'Failed job retried',
  'mail.test': 'Test mail sent',
  'post.approve': 'Post approved',
  'post.create': 'Post created',
  'post.delete': 'Post deleted',
  'post.reject': 'Post rejected',
  'post.unpublish': 'Post unpublished',
  'post.update': 'Post edited',
  'profile.email_change': 'E-mail address changed',
  'profile.password_change': 'Password changed',
  'profile.sessions_revoke': 'Other sessions signed out',
  'report.dismiss': 'Reports dismissed',
  'report.resolve': 'Reports resolved',
  'report.review': 'Reports marked reviewed',
  'settings.mail_update': 'Mail (SMTP) settings changed',
  'settings.update': 'Team settings changed',
  'settings.uploads_update': 'Upload limits changed',
  'token.create': 'API token created',
  'token.revoke': 'API token revoked',
  'user.approve': 'External account approved',
  'user.avatar_remove': 'Profile photo removed',
  'user.block': 'Account blocked',
  'user.cover_remove': 'Cover image removed',
  'user.password_reset': 'Password reset',
  'user.reject': 'External account rejected',
  'user.role': 'Role changed',
  'user.sign_out': 'Signed out everywhere',
  'user.unblock': 'Account unblocked',
  'user.update': 'Account details edited',
  'webhook.create': 'Webhook endpoint added',
  'webhook.delete': 'Webhook endpoint deleted',
  'webhook.rotate_secret': 'Webhook secret rotated',
  'webhook.test': 'Webhook test sent',
  'webhook.update': 'Webhook endpoint edited',
}

/** An action code as it may be stored (app/services/audit.ts): letters, digits, "_", "." and "-". */
export const AUDIT_ACTION_PATTERN = /^[a-z0-9_.-]{1,64}$/

export function auditActionLabel(action: string) {
  const known = AUDIT_ACTION_LABELS[action]
  if (known) return known
  const words = action.replace(/[._-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
