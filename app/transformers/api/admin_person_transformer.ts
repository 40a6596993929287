import type User from '#models/user'
import PersonTransformer from '#transformers/admin/person_transformer'

/**
 * An account as the public API shows it to admins (issue 14): the back
 * office's own view of it (Profile/Index: `PersonTransformer.forDetail`,
 * with the e-mail address, state and block) with the id as a string, and
 * the fields only a page needs (initials, the large avatar) left out.
 */
export function apiAdminPerson(user: User) {
  const person = new PersonTransformer(user).forDetail()
  return {
    id: String(person.id),
    username: person.username,
    fullName: person.fullName,
    email: person.email,
    role: person.role,
    state: person.state,
    approvalStatus: person.approvalStatus,
    emailVerified: person.emailVerified,
    mustChangePassword: person.mustChangePassword,
    avatarUrl: person.avatarUrl,
    coverUrl: person.coverUrl,
    bio: person.bio,
    createdAt: person.createdAt,
    lastLoginAt: person.lastLoginAt,
    deletionRequestedAt: person.deletionRequestedAt,
    postsCount: person.postsCount,
    commentsCount: person.commentsCount,
    likesGivenCount: person.likesGivenCount,
    block: person.block,
  }
}
