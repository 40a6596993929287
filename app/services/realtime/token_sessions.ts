import { closeRealtimeSessions } from '#services/realtime/sessions'

/**
 * Realtime sockets authorised with a personal access token (issue 14) are
 * bound to the token as a browser's are to its session
 * (bindRealtimeSession): this is the stand-in session id. Never a real
 * session id (those are random base64url strings without a colon).
 */
export function tokenSessionTag(tokenId: string | number | bigint | BigInt) {
  return `access-token:${String(tokenId)}`
}

/** Closes the sockets a token authorised (the token was revoked). */
export function closeTokenSockets(userId: number, tokenId: string | number) {
  closeRealtimeSessions(userId, { only: tokenSessionTag(tokenId) })
}
