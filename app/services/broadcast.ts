/**
 * Publishing realtime events (PRODUCT §10, issue 4).
 *
 * Features call `broadcast()` AFTER their transaction committed (a message is
 * stored before it is broadcast). The realtime module installs the transport at
 * boot: the in-process Pusher-protocol server (optionally fanned out through
 * Redis) or an external Pusher-protocol engine over the signed HTTP events API.
 *
 * Event names follow the Laravel Echo convention: `broadcast(ch, 'MessageSent', …)`
 * goes on the wire as `App\Events\MessageSent`, and the client listens with
 * `Echo.private('App.Models.User.7').listen('MessageSent', …)` (namespace App.Events).
 * Channel names are given in full: 'private-App.Models.User.7', 'presence-online'.
 */
export interface BroadcastOptions {
  /** The publishing browser's socket id (X-Socket-ID), which does not get its own event back. */
  exceptSocketId?: string | null
}

export interface BroadcastTransport {
  publish(
    channels: string[],
    event: string,
    data: unknown,
    options: BroadcastOptions
  ): Promise<void>
}

const NAMESPACE = 'App\\Events\\'

let transport: BroadcastTransport | null = null

export function installBroadcastTransport(next: BroadcastTransport | null) {
  transport = next
}

/** The installed transport (tests put theirs back after recording with a fake). */
export function broadcastTransport() {
  return transport
}

export function wireEventName(event: string) {
  return event.startsWith('.') ? event.slice(1) : NAMESPACE + event
}

/**
 * Publishes `event` with `data` on `channels`. Never throws into the caller's
 * request: a failed publish is logged by the transport, the stored state stays
 * the truth and clients catch up on their next load.
 */
export async function broadcast(
  channels: string | string[],
  event: string,
  data: unknown,
  options: BroadcastOptions = {}
) {
  const list = Array.isArray(channels) ? channels : [channels]
  if (!transport || list.length === 0) return
  await transport.publish(list, wireEventName(event), data, options)
}
