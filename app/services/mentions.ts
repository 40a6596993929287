import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import type { MentionDirectory } from '#services/html_sanitizer'
import { isTeamMember } from '#services/account_state'
import { pairColumn, whereNotBlockedPair } from '#queries/people/blocked_pair'
import type { SqlStep } from '#services/db/sql_steps'

/** Who writes the post: the rule depends on their role. */
export type MentionAuthor = Pick<User, 'id' | 'role'>

/**
 * Who may be tagged in a post (PRODUCT §3): team members and admins whose
 * accounts work (active, approved, verified, not being deleted), other than
 * the author, and with no block between them in either direction. Only
 * team members and admins may mention anyone: externals are not part of the
 * team and must not list it (issue 16 item 7), so they get nobody. The
 * autocomplete and the server-side extraction share this one rule, so the
 * list can never offer someone the server would refuse (or the reverse).
 */
export const MENTION_SEARCH_LIMIT = 8
/** A post tags at most this many people; further mentions stay plain text. */
export const MAX_MENTIONS = 50

function mentionable(author: MentionAuthor, client?: TransactionClientContract) {
  const authorId = author.id
  const query = User.query({ client })
    .whereIn('role', ['member', 'admin'])
    .where('is_active', true)
    .where('approval_status', 'approved')
    .whereNotNull('email_verified_at')
    .whereNull('deleted_at')
    .whereNull('deletion_requested_at')
    .whereNot('id', authorId)
  return whereNotBlockedPair(query, authorId, pairColumn('users.id'))
}

/** LIKE pattern that matches the text literally (% and _ escaped). */
function likeLiteral(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * Autocomplete: users the author may mention whose username starts with the
 * query or whose name contains it, usernames first. Never e-mail addresses.
 */
export async function searchMentionable(author: MentionAuthor, query: string) {
  if (!isTeamMember(author)) return []
  const q = query.trim().replace(/^@/, '').toLowerCase()
  const builder = mentionable(author)
  if (q) {
    const literal = likeLiteral(q)
    builder.where((match) =>
      match
        .whereRaw(`username LIKE ? ESCAPE '\\'`, [`${literal}%`])
        .orWhereRaw(`LOWER(full_name) LIKE ? ESCAPE '\\'`, [`%${literal}%`])
    )
    builder.orderByRaw(`CASE WHEN username LIKE ? ESCAPE '\\' THEN 0 ELSE 1 END`, [`${literal}%`])
  }
  const users = await builder.orderBy('full_name').orderBy('id').limit(MENTION_SEARCH_LIMIT)
  return users
}

/**
 * The mentionable users among `ids` (id → username), for the sanitiser,
 * which turns every other mention into plain text.
 */
export async function mentionDirectory(
  author: MentionAuthor,
  ids: number[],
  client?: TransactionClientContract
): Promise<MentionDirectory> {
  const wanted = [...new Set(ids)].slice(0, MAX_MENTIONS)
  if (wanted.length === 0 || !isTeamMember(author)) return new Map()
  const users = await mentionable(author, client).whereIn('id', wanted)
  return new Map(users.map((user) => [user.id, user.username]))
}

/**
 * Replaces a post's mentions (post_mentions rows) with `userIds`. Returns
 * the people newly tagged (not tagged before), who get a notification.
 */
export async function saveMentions(
  postId: number,
  userIds: number[],
  client: TransactionClientContract
): Promise<number[]> {
  const before = await client.from('post_mentions').where('post_id', postId).select('user_id')
  const previous = new Set(before.map((row: { user_id: number }) => Number(row.user_id)))
  await client.from('post_mentions').where('post_id', postId).delete()
  if (userIds.length === 0) return []
  const insert = insertMentions(postId, userIds)
  await client.rawQuery(insert.sql, insert.bindings as number[])
  return userIds.filter((userId) => !previous.has(userId))
}

/** The post_mentions rows of `userIds` (at least one) on a post, as one statement. */
export function insertMentions(postId: number, userIds: number[]): SqlStep {
  return {
    sql: `INSERT INTO post_mentions (post_id, user_id) VALUES ${userIds.map(() => '(?, ?)').join(', ')}`,
    bindings: userIds.flatMap((userId) => [postId, userId]),
  }
}
