import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { accountBlockReason } from '#services/account_state'
import { isBlockedPair } from '#queries/people/blocked_pair'

/**
 * Who may send a private message to whom (PRODUCT §1, §7). Returns the
 * sentence shown to the sender, or null when the message may go.
 *
 *  - nobody messages themself;
 *  - nobody messages an account that is not active (deleted, scheduled for
 *    deletion, deactivated, unapproved, unverified);
 *  - nobody messages across a block, whichever side blocked;
 *  - externals (PRODUCT §1: "messages with members who accept them") write
 *    to team members and admins only, and only once that person has
 *    written to them first: a member accepts an external by messaging them.
 *    Externals never message each other. Members and admins message anyone
 *    active, externals included.
 */
export async function messagingRefusal(sender: User, recipient: User): Promise<string | null> {
  if (sender.id === recipient.id) return 'You cannot send messages to yourself.'
  if (accountBlockReason(recipient) !== null) {
    return `${recipient.fullName}’s account is not active, so it cannot receive messages.`
  }
  if (await isBlockedPair(sender.id, recipient.id)) {
    return 'You cannot exchange messages with this person.'
  }
  if (sender.role === 'external') {
    if (recipient.role === 'external') {
      return 'External accounts can only exchange messages with team members.'
    }
    if (!(await hasWrittenTo(recipient.id, sender.id))) {
      return `You can reply once ${recipient.fullName} has written to you.`
    }
  }
  return null
}

/** Whether `from` has sent at least one message to `to`. */
async function hasWrittenTo(from: number, to: number) {
  const row = await db
    .from('conversations as c')
    .join('messages as m', 'm.conversation_id', 'c.id')
    .where('c.user_low_id', Math.min(from, to))
    .where('c.user_high_id', Math.max(from, to))
    .where('m.sender_id', from)
    .select('m.id')
    .first()
  return Boolean(row)
}

/** Messages one person may send per minute, on the web and through the API (one budget). */
export const MESSAGES_PER_MINUTE = 30

/** Files one message may carry (images and PDF: SendMessage), and how the form names the kinds. */
export const MAX_MESSAGE_FILES = 5
export const MESSAGE_ACCEPTED_DESCRIPTION = 'JPEG, PNG, GIF, WebP or PDF'
