/**
 * Domain events of private messages, emitted after the transaction commits.
 * Notifications ("new message", PRODUCT §6) listen to `message:sent`.
 */
export interface MessageSent {
  messageId: number
  conversationId: number
  senderId: number
  recipientId: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'message:sent': MessageSent
  }
}
