import type Post from '#models/post'
import User from '#models/user'
import UpdatePost from '#actions/posts/update_post'
import type { AdminPostInput } from '#actions/admin/posts/create_admin_post'
import { refuse } from '#exceptions/refuse'
import { allowedAudiences, EXTERNAL_AUDIENCE_MESSAGE } from '#services/posts/publication'
import SetAnnouncement from '#actions/admin/posts/set_announcement'

/**
 * Edits any post as an admin (Posts/Form), through the same action as the
 * member composer (UpdatePost), without changing what moderation decided:
 * - the audiences allowed are the AUTHOR's (an external's post stays public);
 * - a published post stays published (the admin's edit is trusted); a
 *   pending or rejected one follows the author's own rule, as if the author
 *   had edited it (a rejected post goes back to review, a pending one stays
 *   pending), so approving remains the moderation queue's job;
 * - the announcement flag can only be set on an admin's own post.
 */
export default class UpdatePostAsAdmin {
  async handle(admin: User, post: Post, input: AdminPostInput & { removeMedia?: number[] }) {
    const author = post.authorId === admin.id ? admin : await User.findOrFail(post.authorId)
    if (post.sharedPostId === null && !allowedAudiences(author).includes(input.audience)) {
      throw refuse('audience', EXTERNAL_AUDIENCE_MESSAGE)
    }
    if (input.announcement && author.role !== 'admin') {
      throw refuse('announcement', 'Only an admin’s own post can be an announcement.')
    }
    // UpdatePost runs the moderation rule for the account it is given.
    const ruleFor = post.status === 'published' ? admin : author
    await new UpdatePost().handle({
      post,
      author: ruleFor,
      body: input.body,
      audience: input.audience,
      removeMedia: input.removeMedia,
      files: input.files,
    })
    await new SetAnnouncement().handle(author, post, input.announcement)
    return post
  }
}
