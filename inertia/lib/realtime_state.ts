/**
 * The realtime state the hooks of lib/realtime.ts render: the connection's
 * state and the members of each presence channel. The client
 * (lib/realtime_client.ts, a chunk loaded on demand) writes it; both import
 * this module, so neither imports the other back.
 */
export type PresenceMember = {
  id: number
  name: string
  username: string
  avatarUrl: string | null
}

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline'

let state: ConnectionState = 'connecting'
export const stateListeners = new Set<() => void>()

/** The connection's state now. */
export function connectionState() {
  return state
}

/** Called by the client (lib/realtime_client.ts) as the connection goes. */
export function setConnectionState(next: ConnectionState) {
  if (next === state) return
  state = next
  for (const listener of stateListeners) listener()
}

export const members = new Map<string, PresenceMember[]>()
/** Who renders a presence channel's members, by channel name (kept while the channel is not open yet). */
export const memberListeners = new Map<string, Set<() => void>>()

/** Called by the client with a presence channel's members (null: left, or disconnected). */
export function setMembers(name: string, list: PresenceMember[] | null) {
  if (list) members.set(name, list)
  else members.delete(name)
  for (const listener of memberListeners.get(name) ?? []) listener()
}
