import User from '#models/user'
import UserTransformer from '#transformers/user_transformer'
import { isTeamMember } from '#services/account_state'

export type TeamPanelMember = ReturnType<UserTransformer['toObject']>

/** How long the list is reused before it is read again (per process). */
export const TEAM_PANEL_TTL_MS = 30_000
/** How many teammates the panel shows. */
export const TEAM_PANEL_SIZE = 8

let cache: { expiresAt: number; members: Promise<TeamPanelMember[]> } | null = null

/**
 * The member shell's right-hand team panel (shared prop `teamPanel`):
 * members and admins whose accounts are usable (active, approved, e-mail
 * verified, not deleted or scheduled for deletion), most recently active
 * first, without the viewer. Only members and admins see it (externals are
 * not part of the team); guests get nothing. Names and usernames only:
 * never e-mail addresses.
 *
 * Read once per 30 seconds per process (the same list for every viewer;
 * one extra row so removing the viewer still leaves a full panel).
 */
export async function teamPanelFor(viewer: User | null | undefined): Promise<TeamPanelMember[]> {
  if (!viewer || !isTeamMember(viewer)) return []
  const members = await cachedTeam()
  return members.filter((member) => member.id !== viewer.id).slice(0, TEAM_PANEL_SIZE)
}

/** Drops the cached list (tests; an account change that must show at once). */
export function forgetTeamPanel() {
  cache = null
}

/** Reads the list anew now, for the next 30 seconds (tests measuring a page's queries). */
export async function refreshTeamPanel() {
  cache = null
  await cachedTeam()
}

function cachedTeam() {
  const now = Date.now()
  if (!cache || cache.expiresAt <= now) {
    const members = loadTeam()
    cache = { expiresAt: now + TEAM_PANEL_TTL_MS, members }
    // A failed read must not be served from the cache for 30 seconds.
    members.catch(() => {
      if (cache?.members === members) cache = null
    })
  }
  return cache.members
}

async function loadTeam() {
  const users = await User.query()
    .whereIn('role', ['member', 'admin'])
    .where('is_active', true)
    .where('approval_status', 'approved')
    .whereNotNull('email_verified_at')
    .whereNull('deleted_at')
    .whereNull('deletion_requested_at')
    // Never signed in sorts last on every database (PostgreSQL puts NULLs first in DESC).
    .orderByRaw('CASE WHEN last_login_at IS NULL THEN 1 ELSE 0 END')
    .orderBy('last_login_at', 'desc')
    .orderBy('id', 'asc')
    .limit(TEAM_PANEL_SIZE + 1)
  return users.map((user) => new UserTransformer(user).toObject())
}
