import type { Data } from '~data'

/**
 * Realtime events of the messages (app/actions/messages/, start/channels.ts)
 * and the history endpoint's page. A message is `Data.Messages.Message`, a
 * person `Data.Person`, both generated from the transformers.
 */

/** `MessageSent` on the user's own channel (the recipient's copy carries unreadTotal). */
export type MessageSentEvent = {
  message: Data.Messages.Message
  from: Data.Person
  to: Data.Person
  unreadTotal?: number
}

export type MessagesReadEvent = {
  conversationId: number
  readerId: number
  lastReadMessageId: number
}

export type UnreadMessagesChangedEvent = {
  conversationId: number
  unreadTotal: number
}

export type UserTypingEvent = {
  user: { id: number; fullName: string; username: string }
}

export type HistoryPage = {
  messages: Data.Messages.Message[]
  hasMore: boolean
  nextBefore: number | null
  /** How far the other person has read (the "Seen" mark). */
  otherLastReadId: number
}
