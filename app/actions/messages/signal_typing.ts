import limiter from '@adonisjs/limiter/services/main'
import UserTyping from '#events/user_typing'

type Person = { id: number; fullName: string; username: string }

const typingLimiter = () => limiter.use({ requests: 1, duration: '2 secs' })
const typingKey = (senderId: number, recipientId: number) =>
  `message-typing:${senderId}:${recipientId}`

/**
 * "Ana is typing…" on the other person's channel (the `UserTyping` event,
 * broadcast by app/listeners/broadcast.ts), at most once every 2 seconds
 * per sender and recipient: more often is accepted and not repeated. For
 * the web conversation and `POST /api/v1/conversations/:username/typing`
 * alike; the caller has checked MessagePolicy `send`.
 */
export default class SignalTyping {
  async handle(sender: Person, recipientId: number) {
    await typingLimiter().attempt(typingKey(sender.id, recipientId), () =>
      UserTyping.dispatch({
        user: { id: sender.id, fullName: sender.fullName, username: sender.username },
        recipientId,
      })
    )
  }

  /**
   * A message was sent: it hides "… is typing" on the other side, and the
   * throttle starts afresh, so typing right after sending is heard.
   */
  static async reset(senderId: number, recipientId: number) {
    await typingLimiter().delete(typingKey(senderId, recipientId))
  }
}
