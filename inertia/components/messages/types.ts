import type { PostAuthor, PostMedia } from '~/components/posts/types'

/** Shapes sent by app/queries/messages/conversations.ts and the MessageSent event. */
export type ChatMessage = {
  id: number
  conversationId: number
  senderId: number
  body: string
  createdAt: string
  attachments: PostMedia[]
}

export type ConversationItem = {
  id: number
  other: PostAuthor
  unreadCount: number
  lastMessageAt: string | null
  preview: { fromMe: boolean; text: string } | null
}

/** `MessageSent` on the user's own channel (the recipient's copy carries unreadTotal). */
export type MessageSentEvent = {
  message: ChatMessage
  from: PostAuthor
  to: PostAuthor
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
  messages: ChatMessage[]
  hasMore: boolean
  nextBefore: number | null
  /** How far the other person has read (the "Seen" mark). */
  otherLastReadId: number
}
