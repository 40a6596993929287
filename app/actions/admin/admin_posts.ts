import { DateTime } from 'luxon'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import Post from '#models/post'
import type { PostAudience } from '#models/post'
import User from '#models/user'
import CreatePost from '#actions/posts/create_post'
import UpdatePost from '#actions/posts/update_post'
import { refuse } from '#exceptions/refuse'
import { allowedAudiences, EXTERNAL_AUDIENCE_MESSAGE } from '#services/posts/publication'
import PostAnnounced from '#events/post_announced'

/**
 * Admin side of posts (Posts/Form). Creating and editing go through the
 * same actions as the member composer (CreatePost / UpdatePost: sanitising,
 * media pipeline, mentions, counters); this adds what only admins do:
 * marking their own post as an announcement, and editing other people's
 * posts without changing what moderation decided.
 */

export interface AdminPostInput {
  body?: string | null
  audience: PostAudience
  files: MultipartFile[]
  announcement: boolean
}

/** An admin's new post; `announcement` marks it as one to all members. */
export async function createAdminPost(admin: User, input: AdminPostInput) {
  const post = await new CreatePost().handle({
    author: admin,
    body: input.body,
    audience: input.audience,
    files: input.files,
  })
  if (input.announcement) await setAnnounced(admin, post, true)
  return post
}

/**
 * Edits any post as an admin:
 * - the audiences allowed are the AUTHOR's (an external's post stays public);
 * - a published post stays published (the admin's edit is trusted); a
 *   pending or rejected one follows the author's own rule, as if the author
 *   had edited it (a rejected post goes back to review, a pending one stays
 *   pending), so approving remains the moderation queue's job;
 * - the announcement flag can only be set on an admin's own post.
 */
export async function updatePostAsAdmin(
  admin: User,
  post: Post,
  input: AdminPostInput & { removeMedia?: number[] }
) {
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
  await setAnnounced(author, post, input.announcement)
  return post
}

/**
 * Turns the announcement mark on or off. `post:announced` is emitted once,
 * when the mark is newly set on a published post (notifications go to all
 * members then).
 */
async function setAnnounced(author: User, post: Post, announce: boolean) {
  const wasAnnounced = post.announcedAt !== null && post.announcedAt !== undefined
  if (announce === wasAnnounced || author.role !== 'admin') return
  // A fresh row: the one given may still hold the committed transaction.
  const row = await Post.findOrFail(post.id)
  row.announcedAt = announce ? DateTime.now() : null
  await row.save()
  post.announcedAt = row.announcedAt
  if (announce && post.status === 'published') {
    await PostAnnounced.dispatch({ postId: post.id, authorId: author.id })
  }
}
