/**
 * Presence channel membership: who is in each presence channel, counted per
 * connection so a person with two tabs is one member, added with their first
 * connection and removed with their last. One process keeps it in memory;
 * several share it through Redis (cluster.ts).
 */
export interface PresenceMember {
  /** The user id as the auth endpoint signed it (a string key on the wire). */
  userId: string
  /** The channel_data's user_id as sent (number or string). */
  rawId: unknown
  info: unknown
}

export interface JoinResult {
  /** True when this was the member's first connection (member_added goes out). */
  first: boolean
  /** Every member after the join: user id → user_info. */
  members: Map<string, unknown>
}

export interface PresenceStore {
  join(channel: string, socketId: string, member: PresenceMember): Promise<JoinResult>
  /** True when the member's last connection left (member_removed goes out). */
  leave(channel: string, socketId: string, userId: string): Promise<boolean>
  members(channel: string): Promise<Map<string, unknown>>
}

interface LocalEntry {
  info: unknown
  sockets: Set<string>
}

export class LocalPresenceStore implements PresenceStore {
  #channels = new Map<string, Map<string, LocalEntry>>()

  async join(channel: string, socketId: string, member: PresenceMember) {
    let members = this.#channels.get(channel)
    if (!members) this.#channels.set(channel, (members = new Map()))
    let entry = members.get(member.userId)
    const first = !entry
    if (!entry) members.set(member.userId, (entry = { info: member.info, sockets: new Set() }))
    entry.info = member.info
    entry.sockets.add(socketId)
    return { first, members: this.#snapshot(members) }
  }

  async leave(channel: string, socketId: string, userId: string) {
    const members = this.#channels.get(channel)
    const entry = members?.get(userId)
    if (!members || !entry || !entry.sockets.delete(socketId)) return false
    if (entry.sockets.size > 0) return false
    members.delete(userId)
    if (members.size === 0) this.#channels.delete(channel)
    return true
  }

  async members(channel: string) {
    const members = this.#channels.get(channel)
    return members ? this.#snapshot(members) : new Map<string, unknown>()
  }

  #snapshot(members: Map<string, LocalEntry>) {
    const result = new Map<string, unknown>()
    for (const [id, entry] of members) result.set(id, entry.info)
    return result
  }
}

/** The `presence` object of pusher_internal:subscription_succeeded. */
export function presencePayload(members: Map<string, unknown>) {
  const hash: Record<string, unknown> = {}
  for (const [id, info] of members) hash[id] = info ?? null
  return { presence: { ids: [...members.keys()], hash, count: members.size } }
}
