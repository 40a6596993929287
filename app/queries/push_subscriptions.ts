import PushSubscription from '#models/push_subscription'

/** One of one's own push-subscribed devices, as the profile settings list it. */
export type PushDevice = {
  id: number
  device: string
  createdAt: string | null
  lastPushedAt: string | null
}

/** The person's subscribed devices, newest first (a handful: one per browser). */
export async function pushDevicesOf(userId: number): Promise<PushDevice[]> {
  const rows = await PushSubscription.query()
    .where('user_id', userId)
    .orderBy('id', 'desc')
    .limit(100)
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    createdAt: row.createdAt?.toISO() ?? null,
    lastPushedAt: row.lastPushedAt?.toISO() ?? null,
  }))
}
