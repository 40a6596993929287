import User from '#models/user'
import type { Viewer } from '#queries/feeds/visible_posts'
import { accountBlockReason } from '#services/account_state'
import { blockState } from '#queries/people/blocked_pair'

/**
 * Who may see whose profile (PRODUCT §8), in one place for the profile
 * page, blocking and reports:
 *  - the account must exist and be live (signed-in capable: not deleted,
 *    not scheduled for deletion, active, approved, verified); admins also
 *    see the others (an inactive account's page shows who it was);
 *  - someone who blocked the viewer is "not found" to them (never reveal a
 *    block); someone the viewer blocked is found, shown without content.
 */

const USERNAME = /^[a-z0-9._]{1,30}$/

/**
 * What is needed to show a person anywhere (PersonTransformer): a User
 * model, or the columns a query joined (author, actor, liker, result).
 */
export type PersonRecord = Pick<User, 'id' | 'username' | 'fullName' | 'avatarKey'>

export interface FoundProfile {
  user: User
  /** The viewer blocked this person (their header shows with Unblock, nothing else). */
  blockedByViewer: boolean
}

/** A user by username (case-insensitive), or null. */
export async function findByUsername(username: unknown) {
  const name = String(username ?? '').toLowerCase()
  if (!USERNAME.test(name)) return null
  return User.findBy('username', name)
}

/** Whether the viewer may see that this account exists at all (before blocks). */
export function accountVisibleTo(viewer: Viewer, user: User) {
  return viewer.id === user.id || viewer.role === 'admin' || accountBlockReason(user) === null
}

/**
 * The profile of `username` as the viewer may see it, or null (→ 404):
 * unknown, not live for a non-admin, or the person blocked the viewer.
 */
export async function findProfile(viewer: Viewer, username: unknown): Promise<FoundProfile | null> {
  const user = await findByUsername(username)
  if (!user || !accountVisibleTo(viewer, user)) return null
  if (user.id === viewer.id) return { user, blockedByViewer: false }
  const blocks = await blockState(viewer.id, user.id)
  if (blocks.blockedViewer) return null
  return { user, blockedByViewer: blocks.viewerBlocked }
}

/** People the viewer blocked, most recent first (Profile/Edit). */
export async function blockedPeople(viewer: Pick<User, 'id'>) {
  return User.query()
    .join('blocks', 'blocks.blocked_id', 'users.id')
    .where('blocks.blocker_id', viewer.id)
    .select('users.*')
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(500)
}
