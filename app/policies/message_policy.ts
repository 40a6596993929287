import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { E_MESSAGING_REFUSED } from '#exceptions/messaging_refused_exception'
import { messagingRefusal } from '#services/messages/messaging_rules'
import { isBlockedPair } from '#queries/people/blocked_pair'
import { conversationIdBetween } from '#queries/messages/conversations'
import { accountVisibleTo } from '#queries/people/profiles'

/**
 * Who may open, read and write a private conversation (PRODUCT §7). A
 * conversation is addressed by the other person, never by an id, so every
 * ability takes that person. Refusals are E_MESSAGING_REFUSED denials: the
 * exception handler answers them (403 with the sentence, as JSON or as the
 * 403 page). `see` is the exception: a person the viewer may not know
 * exists is a 404, which the controller answers.
 */
export default class MessagePolicy extends BasePolicy {
  /**
   * Whether the viewer may know `other` exists here: the profile page's
   * rule (accountVisibleTo: pending, unverified, deactivated… accounts are
   * hidden from non-admins), unless the two already have a conversation
   * (it is in the viewer's list).
   */
  async see(user: User, other: User) {
    return accountVisibleTo(user, other) || Boolean(await conversationIdBetween(user.id, other.id))
  }

  /**
   * Open the conversation: its page, its history, marking it read, typing.
   * Not with yourself, not across a block (either side).
   */
  async open(user: User, other: User) {
    if (other.id === user.id)
      return E_MESSAGING_REFUSED.deny('You cannot send messages to yourself.')
    if (await isBlockedPair(user.id, other.id)) {
      return E_MESSAGING_REFUSED.deny('You cannot exchange messages with this person.')
    }
    return true
  }

  /** Send a message (or a typing event): the messaging rules' refusal, if any. */
  async send(user: User, other: User) {
    const refusal = await messagingRefusal(user, other)
    return refusal ? E_MESSAGING_REFUSED.deny(refusal) : true
  }
}
