import type { NotificationData, NotificationKind, TargetType } from '#enums/notification_kinds'
import { dbNow } from '#services/db/db_time'

/**
 * The `notifications` row Notify and NotifyMany insert with raw statements
 * (one recipient's): unread, created now.
 */
export function notificationRow(
  userId: number,
  input: {
    kind: NotificationKind
    actorId: number | null
    target: { type: TargetType; id: number }
  },
  data: NotificationData
) {
  return {
    user_id: userId,
    kind: input.kind,
    actor_id: input.actorId,
    target_type: input.target.type,
    target_id: input.target.id,
    data: JSON.stringify(data),
    read_at: null,
    created_at: dbNow(),
  }
}
